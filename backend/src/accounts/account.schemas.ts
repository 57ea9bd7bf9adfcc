import { z } from 'zod';

/** Request bodies with the specs' messages (website spec section 5). */
const text = (max: number) => z.string().max(max, `Must be at most ${max} characters`);

export const registerSchema = z
  .object({
    username: z.string().trim().max(255, 'Username must be at most 255 characters').optional(),
    email: z.string({ error: 'Invalid email address' }).trim().max(255, 'Invalid email address').pipe(z.email({ error: 'Invalid email address' })),
    password: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters').max(1024, 'Password must be at most 1024 characters'),
    confirmPassword: z.string().optional(),
    firstName: text(255).optional().default(''),
    lastName: text(255).optional().default(''),
  })
  .refine((body) => body.confirmPassword === undefined || body.confirmPassword === body.password, { message: "Passwords don't match", path: ['confirmPassword'] })
  .transform((body) => ({ ...body, username: body.username || body.email, firstName: body.firstName.trim(), lastName: body.lastName.trim() }));
export type RegisterBody = z.infer<typeof registerSchema>;

/** The login form's field is `username` (an email input); `email` is accepted as an alias. */
export const loginSchema = z
  .object({ username: z.unknown().optional(), email: z.unknown().optional(), password: z.unknown().optional() })
  .transform((body, ctx) => {
    const raw = body.username ?? body.email;
    const username = typeof raw === 'string' ? raw.trim() : '';
    const password = typeof body.password === 'string' ? body.password : '';
    if (!username) ctx.addIssue({ code: 'custom', message: 'Username is required', path: ['username'] });
    if (!password) ctx.addIssue({ code: 'custom', message: 'Password is required', path: ['password'] });
    if (username.length > 255 || password.length > 1024) ctx.addIssue({ code: 'custom', message: 'Invalid username or password', path: ['_'] });
    return { username, password };
  });
export type LoginBody = z.infer<typeof loginSchema>;

export const updateNameSchema = z.object({
  firstName: z.string({ error: 'First name must be text' }).trim().max(255, 'First name must be at most 255 characters').default(''),
  lastName: z.string({ error: 'Last name must be text' }).trim().max(255, 'Last name must be at most 255 characters').default(''),
});
export type UpdateNameBody = z.infer<typeof updateNameSchema>;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(1024, 'Current password is incorrect'),
    newPassword: z.string({ error: 'Password must be at least 6 characters' }).min(6, 'Password must be at least 6 characters').max(1024, 'Password must be at most 1024 characters'),
    confirmPassword: z.string({ error: 'Please confirm your new password' }).min(1, 'Please confirm your new password'),
  })
  .refine((body) => body.newPassword === body.confirmPassword, { message: "Passwords don't match", path: ['confirmPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;

export const roleSchema = z.enum(['user', 'support', 'admin'], { error: "Role must be one of 'user', 'support', 'admin'" });

/** ra-data-simple-rest list query: range=[start,end], sort=[field,order], filter={"q":...}. */
export const listQuerySchema = z.object({ range: z.string().optional(), sort: z.string().optional(), filter: z.string().optional() }).transform((query, ctx) => {
  const json = (value: string | undefined, fallback: unknown) => {
    if (!value) return fallback;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Invalid list query' });
      return fallback;
    }
  };
  const [start, end] = json(query.range, [0, 24]) as [number, number];
  const [field, order] = json(query.sort, ['createdAt', 'DESC']) as [string, string];
  const filter = json(query.filter, {}) as { q?: unknown };
  const from = Math.max(0, Number(start) || 0);
  const to = Math.min(from + 99, Math.max(from, Number(end) || 0));
  const sortable: Record<string, string> = { createdAt: 'created_at', username: 'username_key', email: 'email', subscriptionStatus: 'subscription_status' };
  return { offset: from, limit: to - from + 1, sortColumn: sortable[field] ?? 'created_at', descending: String(order).toUpperCase() !== 'ASC', q: typeof filter.q === 'string' ? filter.q.trim().toLowerCase() : '' };
});
