import type { ApiAnswer } from '../api/types';

/**
 * A code as GET /api/dashboard/codes answers it: generated from the server's documented answer (codes.answers.ts).
 * Dynamic codes add shortCode, link, destination, scanCount, hasPassword and the suspension; static codes the
 * columns of their content type.
 */
export type DashboardCode = ApiAnswer<'/api/dashboard/codes/{id}'>;
