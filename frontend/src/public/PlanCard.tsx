import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import type { Plan } from '@castbook/contracts';
import { ContactSalesDialog } from './ContactSalesDialog';
import { COMING_SOON_LINES } from './pricing-content';
import { SoonChip } from './sections';

/** One plan of the catalogue; Enterprise has no self-serve checkout yet: "Contact sales" (PRODUCT.md). */
export function PlanCard({ plan }: { plan: Plan }) {
  const [amount, per] = plan.price.split('/');
  const [contacting, setContacting] = useState(false);
  return (
    <Card
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        borderColor: plan.highlighted ? 'primary.main' : 'divider',
        borderWidth: plan.highlighted ? 2 : 1,
        boxShadow: plan.highlighted ? '0 24px 50px -20px rgba(79,70,229,0.35)' : 'none',
      }}
    >
      <CardContent sx={{ p: 3.5, display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }}>
          <Typography variant="h5" component="h2">
            {plan.name}
          </Typography>
          {plan.badge && <Chip label={plan.badge} color="primary" size="small" />}
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {plan.description}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, mt: 3 }}>
          <Typography sx={{ fontSize: '2.6rem', fontWeight: 800, letterSpacing: '-0.03em' }}>{amount}</Typography>
          <Typography color="text.secondary">{per ? `/ ${per}` : '/ month'}</Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ minHeight: 22 }}>
          {plan.trialDays > 0
            ? `${plan.trialDays}-day free trial, no credit card`
            : plan.selfServe
              ? 'Free forever'
              : 'No self-serve checkout yet'}
        </Typography>
        <List dense sx={{ mt: 2, mb: 3, flexGrow: 1 }}>
          {plan.features.map((f) => (
            <ListItem key={f} disableGutters sx={{ alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 30, mt: 0.5, color: 'primary.main' }}>
                <Check fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={
                  COMING_SOON_LINES.has(f) ? (
                    <>
                      {f} <SoonChip />
                    </>
                  ) : (
                    f
                  )
                }
                slotProps={{ primary: { sx: { fontSize: '0.95rem' } } }}
              />
            </ListItem>
          ))}
        </List>
        {plan.selfServe ? (
          <Button
            component={RouterLink}
            to={`/register?plan=${plan.id}`}
            variant={plan.highlighted ? 'contained' : 'outlined'}
            size="large"
            fullWidth
          >
            {plan.callToAction}
          </Button>
        ) : (
          <>
            <Button variant="outlined" size="large" fullWidth onClick={() => setContacting(true)}>
              {plan.callToAction}
            </Button>
            <ContactSalesDialog open={contacting} onClose={() => setContacting(false)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
