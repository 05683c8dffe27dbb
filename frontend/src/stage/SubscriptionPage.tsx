// /stage/settings/subscription (SPEC §2, §4, PRODUCT.md): the current plan with its loading and
// error states, the way up (Upgrade → checkout) and down (confirmed downgrade), the billing portal,
// usage against the plan's limits, Free vs Pro from billing's comparison, and the real payment history.
import { useEffect, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Grid,
  LinearProgress,
  Link,
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
import OpenInNew from '@mui/icons-material/OpenInNew';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import { PLANS } from '@castbook/contracts';
import type { SubscriptionInfo } from '../api/auth-api';
import { useComparison, useInvoices, type ComparisonValue } from '../api/billing-api';
import { PageHeader } from './PageHeader';
import {
  canManageBilling,
  daysLeft,
  formatDate,
  formatMoney,
  isTrial,
  limitLines,
  planName,
  statusLabel,
  trialEndsLabel,
  upgradeReturn,
  usageRows,
  useSubscription,
  type UpgradeReturn,
} from './subscription';
import { useBillingActions } from './use-billing-actions';

type Actions = ReturnType<typeof useBillingActions>;

function PlanSkeleton() {
  return (
    <Card role="status" aria-busy="true" aria-label="Loading subscription">
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

/** The banner after checkout (SPEC §2): success, or the user came back without paying. */
function UpgradeBanner({ kind, info, onClose }: { kind: UpgradeReturn; info?: SubscriptionInfo; onClose(): void }) {
  if (kind === 'cancelled') {
    return (
      <Alert severity="info" onClose={onClose}>
        <AlertTitle>Checkout cancelled</AlertTitle>
        You were not charged and your plan has not changed. You can upgrade whenever you are ready.
      </Alert>
    );
  }
  if (kind !== 'success') return null;
  const upgraded = info?.subscription.tier === 'pro';
  return (
    <Alert severity="success" onClose={onClose} role="status">
      <AlertTitle>{upgraded ? 'Welcome to Pro!' : 'Payment received'}</AlertTitle>
      {upgraded
        ? 'Your upgrade is complete: unlimited projects, 10 GB of storage and every Pro feature are yours.'
        : 'Thank you! Your plan is being updated; this takes a moment.'}
    </Alert>
  );
}

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 1.6 }}>
        {label}
      </Typography>
      <Typography fontWeight={600}>{value}</Typography>
    </Box>
  );
}

function CurrentPlan({
  info,
  actions,
  onDowngrade,
}: {
  info: SubscriptionInfo;
  actions: Actions;
  onDowngrade(): void;
}) {
  const s = info.subscription;
  const trial = isTrial(s);
  const plan = PLANS[s.tier];
  const left = trial ? daysLeft(s.endDate) : null;
  const ending = s.cancelAtPeriodEnd === true;
  return (
    <Card component="section" aria-label="Current plan">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1.5} alignItems="center" flexWrap="wrap" useFlexGap>
              <Typography variant="h5" component="h2">
                {planName(s)}
              </Typography>
              <Chip
                size="small"
                label={statusLabel(s.status)}
                color={s.status === 'active' ? 'success' : s.status === 'pending' ? 'warning' : 'default'}
              />
              {left !== null && <Chip size="small" color="primary" variant="outlined" label={trialEndsLabel(left)} />}
            </Stack>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {plan?.description}
            </Typography>
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
            {s.tier === 'free' && (
              <Button
                variant="contained"
                startIcon={<WorkspacePremiumOutlined />}
                disabled={actions.busy !== null}
                onClick={() => void actions.upgrade()}
              >
                {actions.busy === 'upgrade' ? 'Opening checkout…' : 'Upgrade to Pro'}
              </Button>
            )}
            {/* A registration trial has no provider subscription yet; a checkout trial already has one. */}
            {trial && !s.paymentReferenceId && (
              <Button
                variant="contained"
                startIcon={<WorkspacePremiumOutlined />}
                disabled={actions.busy !== null}
                onClick={() => void actions.subscribe()}
              >
                {actions.busy === 'upgrade' ? 'Opening checkout…' : 'Subscribe now'}
              </Button>
            )}
            {canManageBilling(s) && (
              <Button
                variant="contained"
                startIcon={<OpenInNew />}
                disabled={actions.busy !== null}
                onClick={() => void actions.manageBilling()}
              >
                Manage Billing
              </Button>
            )}
            {s.tier === 'pro' && (
              <Button variant="outlined" color="inherit" disabled={actions.busy !== null} onClick={onDowngrade}>
                Downgrade to Free
              </Button>
            )}
          </Stack>
        </Stack>

        <Box
          sx={{
            mt: 3,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
          }}
        >
          <Fact label="Price" value={plan ? (plan.priceMonthlyUsd === 0 ? 'Free' : plan.price) : '—'} />
          <Fact label="Status" value={statusLabel(s.status)} />
          <Fact label="Since" value={formatDate(s.startDate) || '—'} />
          <Fact
            label={trial ? 'Trial ends' : ending ? 'Ends' : s.tier === 'pro' ? 'Renews' : 'Ends'}
            value={formatDate(s.endDate) || (s.tier === 'free' ? 'Never' : '—')}
          />
        </Box>

        {trial && !ending && (
          <Alert severity="info" variant="outlined" sx={{ mt: 3 }}>
            {s.paymentReferenceId
              ? `Your free trial ends on ${formatDate(s.endDate)}; then Pro renews monthly with the card you added. Change the card or cancel in Manage Billing.`
              : `Your free trial ends on ${formatDate(s.endDate)}. After that the account returns to Free unless you subscribe; nothing is deleted, and projects beyond the Free plan's limit become read-only.`}
          </Alert>
        )}
        {ending && (
          <Alert severity="warning" variant="outlined" sx={{ mt: 3 }}>
            Your subscription is cancelled and ends on {formatDate(s.endDate)}. You keep Pro until then; after that the
            account returns to Free. Resume it any time from Manage Billing.
          </Alert>
        )}

        <Grid container spacing={3} sx={{ mt: 2 }}>
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
                  gap: 2,
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
                ? 'Billed monthly through our payment provider. Change your card, see invoices or cancel in Manage Billing.'
                : 'No payment method on file. The trial needs no credit card.'}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function Usage({ info }: { info: SubscriptionInfo }) {
  if (!info.usage) return null;
  const rows = usageRows(info.limits, info.usage);
  return (
    <Card component="section" aria-labelledby="usage-heading">
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography id="usage-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          Current usage
        </Typography>
        <Grid container spacing={3}>
          {rows.map((row) => (
            <Grid key={row.label} size={{ xs: 12, md: 6 }}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 1, gap: 2 }}>
                <Typography color="text.secondary">{row.label}</Typography>
                <Typography fontWeight={600} color={row.over ? 'error' : undefined}>
                  {row.text}
                </Typography>
              </Stack>
              {row.percent !== null ? (
                <LinearProgress
                  variant="determinate"
                  value={row.percent}
                  // At the limit is normal on Free (one project of one); only over it is an error.
                  color={row.over ? 'error' : row.percent >= 90 ? 'warning' : 'primary'}
                  aria-label={`${row.label} used: ${row.text}`}
                  sx={{ height: 8, borderRadius: 4 }}
                />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  No limit on your plan.
                </Typography>
              )}
              {row.over && (
                <Typography variant="body2" color="error" sx={{ mt: 1 }}>
                  {row.label === 'Projects'
                    ? 'Projects beyond your plan are read-only until you upgrade or delete some.'
                    : 'You are over your storage: new uploads are refused until you free space or upgrade.'}
                </Typography>
              )}
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

const yes = <Check fontSize="small" color="primary" titleAccess="Included" />;
const no = <Remove fontSize="small" sx={{ color: 'text.disabled' }} titleAccess="Not included" />;
const cell = (v: ComparisonValue | undefined) =>
  v === true ? yes : v === false || v === null || v === undefined ? no : String(v);

/** A part of the page that failed to load, with a Retry that asks again. */
function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/** Free vs Pro as billing compares them (GET /api/subscriptions/features/comparison). */
function Comparison() {
  const { data, error, isLoading, mutate } = useComparison();
  if (isLoading) return <Skeleton variant="rounded" height={240} aria-label="Loading comparison" />;
  if (error || !data) return <RetryAlert message="Failed to fetch feature comparison" onRetry={() => void mutate()} />;
  const plans = ['free', 'pro'].map((id) => data.plans.find((p) => p.id === id) ?? { id, name: id, price: '' });
  return (
    <TableContainer component={Card}>
      <Table aria-label="Free and Pro compared" sx={{ '& td, & th': { px: { xs: 1.5, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Feature</TableCell>
            {plans.map((p) => (
              <TableCell key={p.id} sx={{ fontWeight: 700 }}>
                {p.name}
                {p.price && (
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {p.price}
                  </Typography>
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data.rows.map((row) => (
            <TableRow key={row.feature} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary' }}>
                {row.feature}
              </TableCell>
              {plans.map((p) => (
                <TableCell key={p.id}>{cell(row.values[p.id])}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

const INVOICE_STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' }> = {
  paid: { label: 'Paid', color: 'success' },
  open: { label: 'Open', color: 'warning' },
  uncollectible: { label: 'Failed', color: 'error' },
  void: { label: 'Void', color: 'default' },
  draft: { label: 'Draft', color: 'default' },
};

/** The provider's real payment history, or an empty state: never sample data (PRODUCT.md). */
function PaymentHistory() {
  const { data, error, isLoading, mutate } = useInvoices();
  if (isLoading) return <Skeleton variant="rounded" height={120} aria-label="Loading payment history" />;
  if (error || !data)
    return <RetryAlert message="The payment history could not be loaded." onRetry={() => void mutate()} />;
  if (data.length === 0)
    return (
      <Box
        sx={{ border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 3, p: 4, textAlign: 'center' }}
      >
        <Typography fontWeight={600}>No payments yet</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Invoices from your Pro subscription appear here.
        </Typography>
      </Box>
    );
  return (
    <TableContainer component={Card} tabIndex={0} role="region" aria-label="Payment history, scrollable">
      <Table aria-label="Payment history" sx={{ minWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>Date</TableCell>
            <TableCell>Invoice</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Status</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {data.map((inv) => {
            const status = INVOICE_STATUS[inv.status] ?? { label: inv.status, color: 'default' as const };
            return (
              <TableRow key={inv.id} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
                <TableCell>{formatDate(inv.date)}</TableCell>
                <TableCell>{inv.number ?? inv.id}</TableCell>
                <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {formatMoney(inv.amountCents, inv.currency)}
                </TableCell>
                <TableCell>
                  <Chip size="small" variant="outlined" label={status.label} color={status.color} />
                </TableCell>
                <TableCell align="right">
                  {inv.url && (
                    <Link href={inv.url} target="_blank" rel="noopener noreferrer">
                      View
                    </Link>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DowngradeDialog({
  open,
  info,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  info: SubscriptionInfo;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  const free = PLANS.free.limits.maxProjects;
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} aria-labelledby="downgrade-title" maxWidth="xs">
      <DialogTitle id="downgrade-title">Downgrade to Free?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {info.subscription.paymentReferenceId
            ? 'Your paid subscription is cancelled now and Pro ends at once. '
            : 'Pro ends at once. '}
          Nothing is deleted: the Free plan keeps your {free === 1 ? 'oldest project' : `${free} oldest projects`}{' '}
          editable, and the others become read-only until you upgrade again.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button color="inherit" disabled={busy} onClick={onCancel}>
          Keep Pro
        </Button>
        <Button color="error" variant="contained" disabled={busy} onClick={onConfirm}>
          {busy ? 'Downgrading…' : 'Downgrade'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** After checkout the provider's webhook may land a moment after the user: ask again until it has. */
const AWAIT_UPGRADE_MS = 1_500;

export default function SubscriptionPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [returned, setReturned] = useState<UpgradeReturn>(() => upgradeReturn(location.search));
  const [tries, setTries] = useState(0);
  const { data, error, isLoading, mutate } = useSubscription();
  const actions = useBillingActions();
  const [confirming, setConfirming] = useState(false);

  const awaitingUpgrade = returned === 'success' && !!data && data.subscription.tier !== 'pro' && tries < 20;
  useEffect(() => {
    if (!awaitingUpgrade) return;
    const t = window.setTimeout(() => {
      setTries((n) => n + 1);
      void mutate();
    }, AWAIT_UPGRADE_MS);
    return () => window.clearTimeout(t);
  }, [awaitingUpgrade, tries, mutate]);

  const closeBanner = () => {
    setReturned(null);
    void navigate(location.pathname, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Subscription"
        description="Your plan, what you use of it, and what Pro adds."
        action={
          <Button startIcon={<Refresh />} variant="outlined" onClick={() => window.location.reload()}>
            Refresh Data
          </Button>
        }
      />
      <Stack spacing={4}>
        {returned && <UpgradeBanner kind={returned} info={data} onClose={closeBanner} />}
        {isLoading ? (
          <PlanSkeleton />
        ) : error || !data ? (
          <PlanError onRetry={() => void mutate()} />
        ) : (
          <>
            <CurrentPlan info={data} actions={actions} onDowngrade={() => setConfirming(true)} />
            <Usage info={data} />
            <DowngradeDialog
              open={confirming}
              info={data}
              busy={actions.busy === 'downgrade'}
              onCancel={() => setConfirming(false)}
              onConfirm={() =>
                void actions.downgrade().then((ok) => {
                  if (ok) setConfirming(false);
                })
              }
            />
          </>
        )}
        <Box component="section" aria-labelledby="compare-heading">
          <Typography id="compare-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
            Free and Pro
          </Typography>
          <Comparison />
        </Box>
        {data && (
          <Box component="section" aria-labelledby="payments-heading">
            <Typography id="payments-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
              Payment history
            </Typography>
            <PaymentHistory />
          </Box>
        )}
      </Stack>
    </>
  );
}
