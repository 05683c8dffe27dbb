// The dashboard's compact plan badge, linking to the subscription page (SPEC §2).
import { Link as RouterLink } from 'react-router-dom';
import { Chip, Skeleton } from '@mui/material';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { formatDate, isTrial, planName, useSubscription } from './subscription';

export function SubscriptionBadge() {
  const { data, error, isLoading } = useSubscription();
  if (isLoading) return <Skeleton variant="rounded" width={150} height={32} sx={{ borderRadius: 4 }} />;
  const s = data?.subscription;
  const label =
    error || !s
      ? 'Plan unavailable'
      : isTrial(s)
        ? `${planName(s)} · ends ${formatDate(s.endDate)}`
        : `${planName(s)} plan`;
  return (
    <Chip
      component={RouterLink}
      to="/stage/settings/subscription"
      clickable
      icon={<WorkspacePremiumOutlined />}
      label={label}
      color={s?.tier === 'pro' ? 'primary' : 'default'}
      variant={s?.tier === 'pro' ? 'filled' : 'outlined'}
      aria-label={`Subscription: ${label}`}
    />
  );
}
