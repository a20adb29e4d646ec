// The devices and outside-app grants of a generated workspace's crowd (WorkspaceOptions'
// deviceCount and appCount), for worlds as large as the benches read: phones, tablets and
// Chromebooks spread over the people, and 1 to 3 apps granted by each active person.
import { generatedAppNames, pickGrantedApps } from '../kit/generated-apps';
import { digitString, idString, pick } from '../kit/random';
import type { ChromeOsDeviceSeed, MobileDeviceSeed } from './devices';
import type { TokenSeed } from './tokens';

const DAY = 86_400_000;
const G = 'https://www.googleapis.com/auth/';
const SCOPE_SETS = [
  ['openid', `${G}userinfo.email`, `${G}userinfo.profile`],
  [`${G}gmail.readonly`, `${G}userinfo.email`, 'openid'],
  [`${G}calendar.events`, `${G}userinfo.profile`, 'openid'],
  [`${G}drive.readonly`, `${G}userinfo.email`],
  [`${G}drive.file`, `${G}spreadsheets`],
  [`${G}contacts.readonly`, `${G}userinfo.email`],
];
const ANDROID = ['Pixel 8', 'Pixel 7a', 'Galaxy S23', 'Galaxy A54', 'Moto G54', 'Nokia G42'];
const APPLE = ['iPhone 15', 'iPhone 14', 'iPhone 13', 'iPad Air', 'iPhone SE'];
const CHROMEBOOKS = ['Acer Chromebook Spin 714', 'HP Chromebook 14', 'Lenovo IdeaPad Flex 5i'];

const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const chromeVersion = (next: () => number) => {
  const [major, build, patch] = [120 + next() * 12, 6000 + next() * 800, next() * 200].map(
    Math.floor,
  );
  return `${major}.0.${build}.${patch}`;
};

/** `count` devices, seven in ten phones or tablets, the rest Chromebooks, of random people. */
export function generatedDevices(
  people: readonly string[],
  count: number,
  next: () => number,
  now: Date,
): { mobile: MobileDeviceSeed[]; chromeos: ChromeOsDeviceSeed[] } {
  const mobile: MobileDeviceSeed[] = [];
  const chromeos: ChromeOsDeviceSeed[] = [];
  if (people.length === 0) return { mobile, chromeos };
  const at = now.getTime();
  for (let i = 0; i < count; i += 1) {
    const email = pick(next, people);
    const lastSync = new Date(at - next() * 30 * DAY);
    const serialNumber = `${idString(next, 10).toUpperCase()}${i}`;
    if (next() < 0.7) {
      const android = next() < 0.55;
      mobile.push({
        email,
        model: pick(next, android ? ANDROID : APPLE),
        os: android ? `Android ${12 + Math.floor(next() * 4)}` : `iOS 17.${Math.floor(next() * 6)}`,
        lastSync,
        serialNumber,
        encrypted: next() > 0.05,
        passwordSet: next() > 0.08,
        compromised: next() < 0.01,
        ...(android ? { securityPatchLevel: day(at - (10 + next() * 300) * DAY) } : {}),
      });
    } else {
      chromeos.push({
        email,
        model: pick(next, CHROMEBOOKS),
        osVersion: chromeVersion(next),
        lastSync,
        serialNumber,
        autoUpdateThrough: `${2024 + Math.floor(next() * 10)}-06-01`,
      });
    }
  }
  return { mobile, chromeos };
}

/** `appCount` made-up apps, each person granting 1 to 3 of them. */
export function generatedTokens(
  people: readonly string[],
  appCount: number,
  next: () => number,
): TokenSeed[] {
  const apps = generatedAppNames(appCount).map((displayText) => ({
    clientId: `${digitString(next, 12)}-${idString(next, 10)}.apps.googleusercontent.com`,
    displayText,
    scopes: pick(next, SCOPE_SETS),
  }));
  return people.flatMap((email) =>
    pickGrantedApps(next, apps.length).flatMap((i) => {
      const app = apps[i];
      return app ? [{ email, ...app }] : [];
    }),
  );
}
