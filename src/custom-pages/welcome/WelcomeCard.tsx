// Spec points 4 and 6: a first-time user (no lastLogin) is greeted by a short illustrated
// walkthrough of the portal, shipped with it (no outside host). It sits above the screen rather
// than over it, so nothing is out of reach while it is open. Closing it closes it for good on this
// browser; from the second sign-in on the user is no longer first-time anyway.
import { useState, type ReactElement } from 'react';
import {
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  MobileStepper,
  Stack,
  Typography,
} from '@mui/material';
import Dashboard from '@mui/icons-material/Dashboard';
import MapIcon from '@mui/icons-material/Map';
import PrecisionManufacturing from '@mui/icons-material/PrecisionManufacturing';
import Route from '@mui/icons-material/Route';
import { useGetIdentity, useTranslate } from 'react-admin';
import type { PortalIdentity } from '../../authProvider/authProvider.ts';

const STEPS: { key: string; icon: ReactElement }[] = [
  { key: 'machines', icon: <PrecisionManufacturing sx={{ fontSize: 72 }} /> },
  { key: 'dashboard', icon: <Dashboard sx={{ fontSize: 72 }} /> },
  { key: 'map', icon: <MapIcon sx={{ fontSize: 72 }} /> },
  { key: 'routes', icon: <Route sx={{ fontSize: 72 }} /> },
];

const dismissedKey = (userId: string) => `fleet-portal.welcome-closed.${userId}`;

export function WelcomeCard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const me = identity as PortalIdentity | undefined;
  const [closed, setClosed] = useState(false);
  const [step, setStep] = useState(0);
  if (!me || me.lastLogin !== null || closed) return null;
  if (localStorage.getItem(dismissedKey(String(me.id)))) return null;
  const close = () => {
    localStorage.setItem(dismissedKey(String(me.id)), new Date().toISOString());
    setClosed(true);
  };
  const current = STEPS[step] ?? STEPS[0];
  const last = step === STEPS.length - 1;
  return (
    <Card
      variant="outlined"
      sx={{ m: 2, mb: 0, maxWidth: 720 }}
      role="region"
      aria-labelledby="welcome-title"
      data-testid="welcome"
    >
      <CardContent>
        <Typography id="welcome-title" variant="overline" color="text.secondary">
          {translate('app.welcome.title')}
        </Typography>
        <Stack direction="row" spacing={3} alignItems="center">
          <Box sx={{ color: 'primary.main' }} aria-hidden>
            {current?.icon}
          </Box>
          <Box>
            <Typography variant="h6" gutterBottom>
              {translate(`app.welcome.steps.${current?.key}.title`)}
            </Typography>
            <Typography color="text.secondary">
              {translate(`app.welcome.steps.${current?.key}.text`)}
            </Typography>
          </Box>
        </Stack>
      </CardContent>
      <CardActions>
        <MobileStepper
          variant="dots"
          steps={STEPS.length}
          position="static"
          activeStep={step}
          sx={{ flex: 1, bgcolor: 'transparent' }}
          backButton={null}
          nextButton={null}
        />
        <Button onClick={close}>{translate('app.welcome.skip')}</Button>
        {step > 0 ? (
          <Button onClick={() => setStep(step - 1)}>{translate('app.welcome.back')}</Button>
        ) : null}
        <Button variant="contained" onClick={last ? close : () => setStep(step + 1)}>
          {translate(last ? 'app.welcome.done' : 'app.welcome.next')}
        </Button>
      </CardActions>
    </Card>
  );
}
