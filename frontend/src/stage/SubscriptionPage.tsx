// /stage/settings/subscription (SPEC §2, PRODUCT.md): the current plan with its loading and error
// states, and Free vs Pro from the plan catalogue. Checkout and the billing portal arrive with the
// billing issue, so this page offers no upgrade button that could not work.
import { Link as RouterLink } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Refresh from '@mui/icons-material/Refresh';
import Check from '@mui/icons-material/Check';
import Remove from '@mui/icons-material/Remove';
import { PLANS, FEATURES } from '@castbook/contracts';
import type { SubscriptionInfo } from '../api/auth-api';
import { PageHeader } from './PageHeader';
import { formatDate, isTrial, limitLines, planName, statusLabel, useSubscription } from './subscription';

function PlanSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading subscription">
      <CardContent sx={{ p: 3.5 }}>
        <Skeleton width={160} height={40} />
        <Skeleton width="60%" />
        <Skeleton width="40%" />
        <Skeleton variant="rounded" height={80} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}

function PlanError({ onRetry }: { onRetry: () => void }) {
  const { mutate } = useSWRConfig();
  const clearAll = async () => {
    await mutate(() => true, undefined, { revalidate: false });
    onRetry();
  };
  return (
    <Alert severity="error" variant="outlined" sx={{ alignItems: 'flex-start' }}>
      <AlertTitle>Unable to load subscription information</AlertTitle>
      This may be a temporary network issue, or your session may have expired.
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
        <Button variant="contained" size="small" onClick={onRetry}>
          Force Refresh
        </Button>
        <Button variant="outlined" size="small" onClick={() => void clearAll()}>
          Clear All Cache
        </Button>
        <Button size="small" component={RouterLink} to="/stage">
          Return to Dashboard
        </Button>
      </Stack>
    </Alert>
  );
}

function CurrentPlan({ info }: { info: SubscriptionInfo }) {
  const s = info.subscription;
  const trial = isTrial(s);
  const plan = PLANS[s.tier];
  return (
    <Card>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography variant="h5" component="h2">
            {planName(s)}
          </Typography>
          <Chip
            size="small"
            label={statusLabel(s.status)}
            color={s.status === 'active' ? 'success' : s.status === 'pending' ? 'warning' : 'default'}
          />
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {plan?.description} Since {formatDate(s.startDate)}.
          {trial &&
            ` Your trial ends on ${formatDate(s.endDate)}; after that the account returns to Free and nothing is deleted.`}
          {!trial && s.endDate && ` Ends on ${formatDate(s.endDate)}.`}
        </Typography>
        <Grid container spacing={3} sx={{ mt: 1 }}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Typography variant="overline" color="text.secondary">
              Limits
            </Typography>
            {limitLines(info.limits).map(([k, v]) => (
              <Box
                key={k}
                sx={{
                  display: 'flex',
                  justifyContent: 'space-between',
                  py: 0.75,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <Typography color="text.secondary">{k}</Typography>
                <Typography fontWeight={600}>{v}</Typography>
              </Box>
            ))}
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Typography variant="overline" color="text.secondary">
              Included
            </Typography>
            <Stack spacing={0.75} sx={{ mt: 0.5 }}>
              {(plan?.features ?? s.features).map((f) => (
                <Stack key={f} direction="row" spacing={1} alignItems="center">
                  <Check fontSize="small" color="primary" />
                  <Typography>{f}</Typography>
                </Stack>
              ))}
            </Stack>
          </Grid>
        </Grid>
        {s.tier === 'pro' && (
          <Box sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography fontWeight={650}>Payment</Typography>
            <Typography variant="body2" color="text.secondary">
              {s.paymentReferenceId
                ? 'Billed monthly through our payment provider.'
                : 'No payment method on file. The trial needs no credit card.'}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

const yes = <Check fontSize="small" color="primary" aria-label="Included" />;
const no = <Remove fontSize="small" color="disabled" aria-label="Not included" />;

function Comparison() {
  const { free, pro } = PLANS;
  const has = (plan: typeof free, feature: string) => (plan.featureIds as string[]).includes(feature);
  const rows: Array<[string, React.ReactNode, React.ReactNode]> = [
    ['Price', free.price, `${pro.price}, ${pro.trialDays}-day free trial`],
    ...limitLines(free.limits).map(([k, v], i) => [k, v, limitLines(pro.limits)[i]![1]] as [string, string, string]),
    [
      'Character analysis (coming soon)',
      has(free, FEATURES.characterAnalysis) ? yes : no,
      has(pro, FEATURES.characterAnalysis) ? yes : no,
    ],
    [
      'Voice samples (coming soon)',
      has(free, FEATURES.voiceRecording) ? yes : no,
      has(pro, FEATURES.voiceRecording) ? yes : no,
    ],
    ['Support', 'Community', 'Priority'],
  ];
  return (
    <TableContainer component={Card}>
      <Table aria-label="Free and Pro compared">
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell sx={{ fontWeight: 700 }}>Free</TableCell>
            <TableCell sx={{ fontWeight: 700 }}>Pro</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([label, a, b]) => (
            <TableRow key={label} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                {label}
              </TableCell>
              <TableCell>{a}</TableCell>
              <TableCell>{b}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function SubscriptionPage() {
  const { data, error, isLoading, mutate } = useSubscription();
  return (
    <>
      <PageHeader
        title="Subscription"
        description="Your plan, its limits and what Pro adds."
        action={
          <Button startIcon={<Refresh />} variant="outlined" onClick={() => window.location.reload()}>
            Refresh Data
          </Button>
        }
      />
      <Stack spacing={4}>
        {isLoading ? (
          <PlanSkeleton />
        ) : error || !data ? (
          <PlanError onRetry={() => void mutate()} />
        ) : (
          <CurrentPlan info={data} />
        )}
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Free and Pro
          </Typography>
          <Comparison />
        </Box>
      </Stack>
    </>
  );
}
