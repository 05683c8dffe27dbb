import { Link as RouterLink } from 'react-router-dom';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Grid,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import Check from '@mui/icons-material/Check';
import Remove from '@mui/icons-material/Remove';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { PageHero, Section, SectionHeading, SoonChip } from './sections';
import { PlanCard } from './PlanCard';
import { COMPARISON, FAQ, PLAN_ORDER, type Cell } from './pricing-content';

function CellValue({ value, soon }: { value: Cell; soon?: boolean }) {
  if (value === true) return <Check color="primary" titleAccess={soon ? 'Included once available' : 'Included'} />;
  if (value === false) return <Remove sx={{ color: 'text.disabled' }} titleAccess="Not included" />;
  if (value === 'Planned')
    return (
      <Typography component="span" sx={{ fontSize: 'inherit', fontStyle: 'italic', color: 'text.secondary' }}>
        Planned
      </Typography>
    );
  return <>{value}</>;
}

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple plans for every booth"
        lead="Start free with one book. Go Pro for unlimited projects and books of up to 500,000 words, with a 14-day free trial and no credit card."
      />
      <Section>
        <Grid container spacing={3} alignItems="stretch">
          {PLAN_ORDER.map((plan) => (
            <Grid key={plan.id} size={{ xs: 12, md: 4 }}>
              <PlanCard plan={plan} />
            </Grid>
          ))}
        </Grid>
      </Section>
      <Section tinted>
        <SectionHeading eyebrow="Compare" title="Compare plans" />
        <TableContainer
          component={Paper}
          variant="outlined"
          sx={{ borderRadius: 3 }}
          // Scrolls sideways on narrow screens, so it must be reachable from the keyboard.
          tabIndex={0}
          role="region"
          aria-label="Plan comparison, scrollable"
        >
          <Table
            aria-label="Plan comparison"
            // Narrow cells on phones so all three plans fit beside the feature names.
            sx={{
              minWidth: { sm: 560 },
              '& td, & th': { px: { xs: 1, sm: 2 }, fontSize: { xs: '0.8rem', sm: '0.875rem' } },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 700 }}>Feature</TableCell>
                {PLAN_ORDER.map((p) => (
                  <TableCell key={p.id} align="center" sx={{ fontWeight: 700, fontSize: '1rem' }}>
                    {p.name}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {COMPARISON.map((row) => (
                <TableRow key={row.label} sx={{ '&:last-child td, &:last-child th': { border: 0 } }}>
                  <TableCell component="th" scope="row" sx={{ color: 'text.secondary', fontWeight: 500 }}>
                    {row.label}
                    {row.soon && (
                      <Box sx={{ mt: 0.5 }}>
                        <SoonChip />
                      </Box>
                    )}
                  </TableCell>
                  {row.cells.map((c, i) => (
                    <TableCell key={PLAN_ORDER[i]!.id} align="center" sx={{ fontWeight: 600 }}>
                      <CellValue value={c} soon={row.soon} />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Section>
      <Section>
        <SectionHeading eyebrow="FAQ" title="Frequently asked questions" />
        <Box sx={{ maxWidth: 760, mx: 'auto' }}>
          {FAQ.map((item, i) => (
            <Accordion
              key={item.q}
              disableGutters
              defaultExpanded={i === 0}
              variant="outlined"
              sx={{ mb: 1.5, borderRadius: 2, '&::before': { display: 'none' } }}
            >
              <AccordionSummary expandIcon={<ExpandMore />}>
                <Typography sx={{ fontWeight: 600 }}>{item.q}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
                  {item.a}
                </Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Box>
        <Box sx={{ textAlign: 'center', mt: 8 }}>
          <Typography variant="h5" component="p" gutterBottom>
            Ready when you are.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Create an account in a minute; upgrade only when you need to.
          </Typography>
          <Button component={RouterLink} to="/register" variant="contained" size="large">
            Sign Up Free
          </Button>
        </Box>
      </Section>
    </>
  );
}
