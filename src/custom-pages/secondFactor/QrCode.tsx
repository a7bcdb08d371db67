// The otpauth:// address as a QR code for an authenticator app to scan; loaded only where a
// second factor is being set up, so the sign-in page stays small.
import { useEffect, useState } from 'react';
import { toDataURL } from 'qrcode';

const SIZE_PX = 184;

export default function QrCode({ value, label }: { value: string; label: string }) {
  const [image, setImage] = useState<string>();
  useEffect(() => {
    let current = true;
    void toDataURL(value, { width: SIZE_PX, margin: 1 }).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [value]);
  return image ? (
    <img src={image} alt={label} width={SIZE_PX} height={SIZE_PX} data-testid="totp-qr" />
  ) : (
    <div style={{ width: SIZE_PX, height: SIZE_PX }} />
  );
}
