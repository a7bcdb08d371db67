// The HTML part of a mail sent on an organisation's behalf (issue 16): its brand's band with its
// logo or name, then the text, every address a link. Mail clients ignore style sheets, so the
// colours are inline; the plain text part carries the same words.
import type { BrandConfiguration } from '../../../src/domain/brand.ts';

export interface MailBrand {
  organisationName: string;
  brand: BrandConfiguration;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Escaped text with each http(s) address made a link in the brand's secondary colour. */
function paragraph(text: string, linkColour: string): string {
  return escapeHtml(text)
    .replace(
      /https?:\/\/[^\s<]+/g,
      (url) => `<a href="${url}" style="color:${linkColour};word-break:break-all">${url}</a>`,
    )
    .replace(/\n/g, '<br>');
}

export function brandedHtml(
  text: string,
  { organisationName, brand }: MailBrand,
  publicUrl: string,
) {
  const { primaryColour, secondaryColour, logoLink } = brand;
  const heading = logoLink
    ? `<img src="${escapeHtml(new URL(logoLink, publicUrl).toString())}" alt="${escapeHtml(organisationName)}" style="max-height:42px;max-width:250px;display:block">`
    : `<span style="font-size:18px;font-weight:bold">${escapeHtml(organisationName)}</span>`;
  const body = text
    .split(/\n{2,}/)
    .map(
      (part) =>
        `<p style="margin:0 0 16px">${paragraph(part, secondaryColour.backgroundColour)}</p>`,
    )
    .join('');
  return (
    '<!doctype html><html><body style="margin:0;padding:0;background:#f4f5f7">' +
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">' +
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#222222">' +
    `<tr><td style="background:${primaryColour.backgroundColour};color:${primaryColour.textColour};padding:16px 24px">${heading}</td></tr>` +
    `<tr><td style="padding:24px">${body}</td></tr>` +
    '</table></td></tr></table></body></html>'
  );
}
