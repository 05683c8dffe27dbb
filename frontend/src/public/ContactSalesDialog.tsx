// Enterprise's "Contact sales" (PRODUCT.md: no self-serve checkout yet): name, email, company, seats
// and a message, sent to billing as a lead (POST /api/subscriptions/contact-sales, signed out too),
// then a thank-you state. A signed-in visitor finds their name and email filled in.
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { contactSales } from '../api/billing-api';
import { useAuth } from '../auth/auth-context';
import { bind } from '../forms/bind';
import { useFormSubmit } from '../forms/use-form-submit';
import { contactSalesForm, type ContactSalesForm } from '../forms/schemas';

export function ContactSalesDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={phone}
      aria-labelledby="contact-sales-title"
    >
      {/* Remounted on each opening: a fresh form, or the thank-you of this visit only. */}
      {open && <ContactSalesForm onClose={onClose} />}
    </Dialog>
  );
}

function ContactSalesForm({ onClose }: { onClose(): void }) {
  const { user } = useAuth();
  const [sent, setSent] = useState<{ name: string; email: string } | null>(null);
  const { serverError, submit } = useFormSubmit();
  const { register, handleSubmit, formState } = useForm<ContactSalesForm>({
    resolver: zodResolver(contactSalesForm),
    defaultValues: { name: user?.name ?? '', email: user?.email ?? '', company: '', seats: 5, message: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    const done = await submit(
      async () => {
        const input = contactSalesForm.parse(values);
        await contactSales(input);
        return input;
      },
      { failure: 'Your message could not be sent. Please try again.' },
    );
    if (done.ok) setSent({ name: done.value.name, email: done.value.email });
  });

  if (sent) {
    return (
      <>
        <DialogTitle id="contact-sales-title">Thank you!</DialogTitle>
        <DialogContent>
          <Box sx={{ textAlign: 'center', py: 2 }} role="status">
            <MarkEmailReadOutlined color="primary" sx={{ fontSize: 56, mb: 2 }} />
            <Typography sx={{ mb: 1 }}>
              Thanks, {sent.name.split(/\s+/)[0]}. Your message is with our sales team.
            </Typography>
            <Typography color="text.secondary">
              We will reply to <strong>{sent.email}</strong> to talk about Enterprise for your team.
            </Typography>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            Close
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Contact sales">
      <DialogTitle id="contact-sales-title">Contact sales</DialogTitle>
      <DialogContent dividers>
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          Enterprise ($49 per month) has 100 GB of storage, no word limit and dedicated support. Tell us about your team
          and we will get in touch.
        </Typography>
        {serverError && (
          <Alert severity="error" sx={{ mb: 2.5 }}>
            {serverError}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
            <TextField label="Name" autoComplete="name" fullWidth {...bind(register('name'), errors.name)} />
            <TextField
              label="Work email"
              type="email"
              autoComplete="email"
              fullWidth
              {...bind(register('email'), errors.email)}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }}>
            <TextField
              label="Company"
              autoComplete="organization"
              fullWidth
              {...bind(register('company'), errors.company)}
            />
            <TextField
              label="Seats"
              type="number"
              slotProps={{ htmlInput: { min: 1, step: 1, inputMode: 'numeric' } }}
              sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
              {...bind(register('seats', { valueAsNumber: true }), errors.seats)}
            />
          </Stack>
          <TextField
            label="Message (optional)"
            multiline
            minRows={3}
            maxRows={10}
            {...bind(register('message'), errors.message)}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button color="inherit" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send'}
        </Button>
      </DialogActions>
    </Box>
  );
}
