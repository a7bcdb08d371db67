// /organisation/privacy (issue 45, docs/privacy.md): how long the organisation keeps its records,
// positions, audit entries and rollups; its exports, with their progress and download links; and
// its erasures, with their signed receipts. For its admins: the tab is in their area.
import { Card, CardContent, Divider, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { ErasuresSection } from './ErasuresSection.tsx';
import { ExportsSection } from './ExportsSection.tsx';
import { RetentionSection } from './RetentionSection.tsx';

export function PrivacyScreen() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="privacy">
      <Title title={translate('app.privacy.title')} />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>{translate('app.privacy.intro')}</Typography>
        <RetentionSection />
        <Divider />
        <ExportsSection />
        <Divider />
        <ErasuresSection />
      </CardContent>
    </Card>
  );
}

export default PrivacyScreen;
