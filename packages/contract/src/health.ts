import { z } from 'zod';
import { endpoint } from './endpoint';

export const healthResponse = z.object({
  status: z.literal('ok'),
  database: z.literal('ok'),
});
export type HealthResponse = z.infer<typeof healthResponse>;

export const healthEndpoints = {
  getHealth: endpoint({
    method: 'GET',
    path: '/health',
    access: 'public',
    response: { 200: healthResponse },
    summary: 'Whether the server and its database answer',
  }),
};
