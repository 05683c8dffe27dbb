// The plan picker of the sign-up form: Free or the Pro trial, from the one plan catalogue.
import { Box, FormHelperText, Radio, Typography } from '@mui/material';
import { PLANS, type PlanId } from '@castbook/contracts';

const CHOICES: PlanId[] = ['free', 'pro'];

export function PlanChoice({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (v: PlanId) => void;
  error?: string;
}) {
  return (
    <Box role="radiogroup" aria-label="Plan" sx={{ mb: 1 }}>
      <Typography variant="body2" fontWeight={600} sx={{ mb: 1 }}>
        Plan
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1.5 }}>
        {CHOICES.map((id) => {
          const plan = PLANS[id];
          const checked = value === id;
          return (
            <Box
              key={id}
              component="label"
              sx={{
                display: 'flex',
                gap: 1,
                alignItems: 'flex-start',
                p: 1.5,
                pr: 2,
                borderRadius: 2.5,
                cursor: 'pointer',
                border: 1.5,
                borderColor: checked ? 'primary.main' : error ? 'error.main' : 'divider',
                bgcolor: checked ? 'rgba(79,70,229,0.05)' : 'transparent',
                transition: 'border-color 120ms',
              }}
            >
              <Radio
                checked={checked}
                onChange={() => onChange(id)}
                value={id}
                name="subscriptionTier"
                size="small"
                sx={{ p: 0.5 }}
                slotProps={{ input: { 'aria-label': plan.name } }}
              />
              <Box>
                <Typography fontWeight={700}>
                  {plan.name}{' '}
                  <Typography component="span" color="text.secondary" fontWeight={500}>
                    · {plan.price}
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {plan.trialDays > 0
                    ? `${plan.trialDays}-day free trial, no credit card`
                    : `${plan.features[0]}, built-in analysis`}
                </Typography>
              </Box>
            </Box>
          );
        })}
      </Box>
      <FormHelperText error={!!error}>{error ?? ' '}</FormHelperText>
    </Box>
  );
}
