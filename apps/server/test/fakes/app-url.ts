import { loadConfig } from '../../src/config';

/**
 * The app's address, whose callbacks a fake allows as redirect URIs: APP_URL when given, else the
 * one the server derives from the same PUBLIC_URL and PORT (`http://localhost:3000` by default),
 * so that a fake started beside `npm start` allows exactly what the app sends.
 */
export function appUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  if (env.APP_URL) return env.APP_URL.replace(/\/$/, '');
  return loadConfig({ PUBLIC_URL: env.PUBLIC_URL, PORT: env.PORT }).publicUrl;
}
