import { describe, expect, it } from 'vitest';
import { changePasswordForm, contactSalesForm, loginForm, profileForm, registerForm } from './schemas';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
};

const validRegistration = {
  name: 'Ada Narrator',
  email: 'ada@example.com',
  password: 'Str0ng!pass',
  confirmPassword: 'Str0ng!pass',
  subscriptionTier: 'free',
  acceptTerms: true,
};

describe('form schemas show the messages of SPEC §5', () => {
  it('login', () => {
    expect(firstMessages(loginForm.safeParse({ email: '', password: '', rememberMe: false }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(firstMessages(loginForm.safeParse({ email: 'nope', password: 'x', rememberMe: false }))).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('register, one rule at a time', () => {
    const cases: Array<[Partial<typeof validRegistration>, string, string]> = [
      [{ name: 'A' }, 'name', 'Name must be at least 2 characters'],
      [{ email: 'ada@' }, 'email', 'Please enter a valid email'],
      [{ password: 'Sh0rt!', confirmPassword: 'Sh0rt!' }, 'password', 'Password too short'],
      [
        { password: 'lower0!case', confirmPassword: 'lower0!case' },
        'password',
        'Password must contain uppercase letter',
      ],
      [
        { password: 'UPPER0!CASE', confirmPassword: 'UPPER0!CASE' },
        'password',
        'Password must contain lowercase letter',
      ],
      [{ password: 'NoDigits!!', confirmPassword: 'NoDigits!!' }, 'password', 'Password must contain number'],
      [
        { password: 'NoSpecial12', confirmPassword: 'NoSpecial12' },
        'password',
        'Password must contain special character',
      ],
      [{ confirmPassword: 'Different1!' }, 'confirmPassword', "Passwords don't match"],
      [{ subscriptionTier: '' }, 'subscriptionTier', 'Please select a subscription plan'],
      [{ acceptTerms: false }, 'acceptTerms', 'You must accept the terms to continue'],
    ];
    for (const [change, field, message] of cases) {
      expect(firstMessages(registerForm.safeParse({ ...validRegistration, ...change }))[field]).toBe(message);
    }
    expect(registerForm.safeParse(validRegistration).success).toBe(true);
  });

  it('reports a mismatch even while another field is still wrong', () => {
    const result = registerForm.safeParse({ ...validRegistration, name: '', confirmPassword: 'x' });
    expect(firstMessages(result).confirmPassword).toBe("Passwords don't match");
  });

  it('profile and change password', () => {
    expect(firstMessages(profileForm.safeParse({ name: ' a ' })).name).toBe('Name must be at least 2 characters');
    expect(
      firstMessages(
        changePasswordForm.safeParse({
          currentPassword: '',
          newPassword: 'Str0ng!pass',
          confirmPassword: 'Other0!pass',
        }),
      ),
    ).toEqual({ currentPassword: 'Current password is required', confirmPassword: "Passwords don't match" });
  });
});

describe('contact sales', () => {
  const valid = { name: 'Ada Narrator', email: 'ada@studio.example', company: 'Ada Studio', seats: 12, message: '' };
  it('takes a complete form, trimmed', () => {
    expect(contactSalesForm.parse({ ...valid, name: '  Ada Narrator ' })).toEqual(valid);
  });
  it('names each missing or wrong field', () => {
    expect(
      firstMessages(contactSalesForm.safeParse({ name: ' ', email: 'nope', company: '', seats: NaN, message: '' })),
    ).toEqual({
      name: 'Name is required',
      email: 'Please enter a valid email',
      company: 'Company is required',
      seats: 'Seats must be a whole number',
    });
    expect(firstMessages(contactSalesForm.safeParse({ ...valid, seats: 0 }))).toEqual({
      seats: 'Seats must be at least 1',
    });
    expect(firstMessages(contactSalesForm.safeParse({ ...valid, seats: 2.5 }))).toEqual({
      seats: 'Seats must be a whole number',
    });
    expect(firstMessages(contactSalesForm.safeParse({ ...valid, message: 'x'.repeat(5001) }))).toEqual({
      message: 'The message must be at most 5000 characters',
    });
  });
});
