import type { Task } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import type { TestApp } from './test-app';

/** The calls the tasks and score tests make, as a signed-in user (`cookie`). */
export function taskCalls(server: () => TestApp) {
  const get = async (url: string, cookie: string) => server().inject({ url, headers: { cookie } });
  const userOf = async (email: string) => {
    const [row] = await server()
      .database.db.select({ id: users.id, organizationId: users.organizationId })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(email);
    return row;
  };
  return {
    get,
    complete: async (taskId: string, cookie: string) =>
      server().inject({
        method: 'POST',
        url: '/api/mark-action-complete',
        headers: { cookie },
        payload: { taskId },
      }),
    tasksOf: async (cookie: string, scope = 'mine'): Promise<Task[]> =>
      (await get(`/api/actions?scope=${scope}`, cookie)).json().tasks,
    idOf: async (email: string) => (await userOf(email)).id,
    organizationOf: async (email: string) => (await userOf(email)).organizationId,
  };
}
