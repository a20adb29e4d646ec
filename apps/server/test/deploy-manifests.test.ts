import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { SETTINGS } from '../src/settings';

/**
 * The Kubernetes manifests (deploy/kubernetes) and compose.yaml's `scale` profile kept in step
 * with the server: the roles, the migrate command, the health route, and settings that exist.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

type EnvVar = { name: string; value?: string };
type Container = {
  name: string;
  image: string;
  command?: string[];
  env?: EnvVar[];
  envFrom?: { secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: number | string } };
  livenessProbe?: { httpGet?: { path: string; port: number | string } };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
};
type PodSpec = {
  containers: Container[];
  terminationGracePeriodSeconds?: number;
  restartPolicy?: string;
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
};
type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: {
    replicas?: number;
    backoffLimit?: number;
    ttlSecondsAfterFinished?: number;
    selector?: Record<string, string> & { matchLabels?: Record<string, string> };
    ports?: { port: number; targetPort: number | string }[];
    template?: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
  stringData?: Record<string, string>;
};
type ComposeService = {
  image?: string;
  profiles?: string[];
  command?: string[];
  restart?: string;
  ports?: string[];
  volumes?: string[];
  environment?: Record<string, string> | string[];
  depends_on?: Record<string, { condition: string }> | string[];
};

const MANIFEST_FILES = ['web.yaml', 'worker.yaml', 'migrate.yaml', 'secret.example.yaml'];
const manifestsOf = (file: string) =>
  parseAllDocuments(read(`deploy/kubernetes/${file}`)).map((doc) => {
    expect(doc.errors, file).toEqual([]);
    return doc.toJS() as Manifest;
  });
const manifests = MANIFEST_FILES.flatMap(manifestsOf);
const find = (kind: string, name: string) => {
  const found = manifests.find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const web = find('Deployment', 'castellan-web');
const worker = find('Deployment', 'castellan-worker');
const migrate = find('Job', 'castellan-migrate');
const service = find('Service', 'castellan-web');
const secret = find('Secret', 'castellan');
const workloads = [web, worker, migrate];

const podOf = (m: Manifest) => {
  const pod = m.spec?.template?.spec;
  if (!pod) throw new Error(`${m.metadata.name} has no pod template`);
  return pod;
};
const containerOf = (m: Manifest) => {
  const [container, ...others] = podOf(m).containers;
  expect(others, m.metadata.name).toEqual([]);
  if (!container) throw new Error(`${m.metadata.name} has no container`);
  return container;
};
const envOf = (m: Manifest) =>
  Object.fromEntries((containerOf(m).env ?? []).map((e) => [e.name, e.value]));

const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const composeEnv = (s: ComposeService): Record<string, string> =>
  Array.isArray(s.environment)
    ? Object.fromEntries(
        s.environment.map((entry) => {
          const [name = '', ...value] = entry.split('=');
          return [name, value.join('=')];
        }),
      )
    : (s.environment ?? {});
const nginxConf = read('deploy/compose/nginx.conf');

/** What the postgres image reads itself; no Castellan process sees these. */
const POSTGRES_IMAGE_VARIABLES = ['POSTGRES_USER', 'POSTGRES_DB', 'POSTGRES_PASSWORD'];
const MIGRATE_COMMAND = ['node', 'apps/server/dist/main.js', 'migrate'];
const SCALE_SERVICES = ['migrate', 'web-1', 'web-2', 'worker-1', 'worker-2', 'proxy'];

describe('the Kubernetes manifests', () => {
  it('are the kinds and names the README applies, and the kustomization lists files that exist', () => {
    expect(manifests.map((m) => `${m.apiVersion} ${m.kind} ${m.metadata.name}`).sort()).toEqual([
      'apps/v1 Deployment castellan-web',
      'apps/v1 Deployment castellan-worker',
      'batch/v1 Job castellan-migrate',
      'v1 Secret castellan',
      'v1 Service castellan-web',
    ]);
    const kustomization = parse(read('deploy/kubernetes/kustomization.yaml')) as {
      kind: string;
      resources: string[];
    };
    expect(kustomization.kind).toBe('Kustomization');
    for (const file of kustomization.resources) {
      expect(existsSync(path.join(root, 'deploy/kubernetes', file)), file).toBe(true);
    }
    // The Secret is the operator's own: applying the example would deploy its placeholders.
    expect(kustomization.resources).not.toContain('secret.example.yaml');
    expect(read('deploy/kubernetes/README.md')).toContain('TRUST_PROXY');
  });

  it('runs the web pods as ROLE=web on port 3000, ready when /api/health answers', () => {
    expect(web.spec?.replicas).toBe(2);
    expect(envOf(web)).toMatchObject({
      ROLE: 'web',
      MIGRATE_AT_START: '0',
      NODE_ENV: 'production',
    });
    const container = containerOf(web);
    const port = container.ports?.find((p) => p.containerPort === 3000);
    expect(port).toBeDefined();
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      expect(probe?.httpGet?.path).toBe('/api/health');
      expect([3000, port?.name]).toContain(probe?.httpGet?.port);
    }
    expect(podOf(web).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(45);
  });

  it('runs the workers as ROLE=worker, checked on /api/health, with time to finish their jobs', () => {
    expect(worker.spec?.replicas).toBe(2);
    expect(envOf(worker)).toMatchObject({
      ROLE: 'worker',
      MIGRATE_AT_START: '0',
      NODE_ENV: 'production',
    });
    const container = containerOf(worker);
    expect(container.readinessProbe?.httpGet?.path).toBe('/api/health');
    expect(container.livenessProbe?.httpGet?.path).toBe('/api/health');
    expect(podOf(worker).terminationGracePeriodSeconds).toBeGreaterThanOrEqual(60);
  });

  it('migrates in a Job running the migrate command', () => {
    expect(containerOf(migrate).command).toEqual(MIGRATE_COMMAND);
    expect(migrate.spec?.backoffLimit).toBe(3);
    expect(migrate.spec?.ttlSecondsAfterFinished).toBeGreaterThan(0);
    expect(podOf(migrate).restartPolicy).toBe('Never');
  });

  it('gives every pod the Secret `castellan`, the same image, no root and no writable image', () => {
    const images = new Set<string>();
    for (const m of workloads) {
      const container = containerOf(m);
      expect(container.envFrom, m.metadata.name).toEqual([{ secretRef: { name: 'castellan' } }]);
      expect(podOf(m).securityContext?.runAsNonRoot, m.metadata.name).toBe(true);
      expect(podOf(m).securityContext?.runAsUser, m.metadata.name).not.toBe(0);
      expect(container.securityContext?.readOnlyRootFilesystem, m.metadata.name).toBe(true);
      images.add(container.image);
    }
    expect([...images]).toEqual(['castellan:latest']);
  });

  it("has a Service that selects the web pods only, on the web container's port", () => {
    const selector = service.spec?.selector ?? {};
    const webLabels = web.spec?.template?.metadata.labels ?? {};
    const workerLabels = worker.spec?.template?.metadata.labels ?? {};
    expect(Object.keys(selector).length).toBeGreaterThan(0);
    expect(webLabels).toMatchObject(selector);
    expect(workerLabels).not.toMatchObject(selector);
    expect(webLabels).toMatchObject(web.spec?.selector?.matchLabels ?? { missing: true });
    const targets = (service.spec?.ports ?? []).map((p) => p.targetPort);
    const webPort = containerOf(web).ports?.find((p) => p.containerPort === 3000);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect([3000, webPort?.name]).toContain(target);
  });
});

describe("compose.yaml's `scale` profile", () => {
  it('leaves the plain `docker compose up` as it was: only castellan, postgres and redis', () => {
    const plain = Object.entries(services)
      .filter(([, s]) => !s.profiles?.length)
      .map(([name]) => name);
    expect(plain.sort()).toEqual(['castellan', 'postgres', 'redis']);
    for (const name of SCALE_SERVICES) expect(services[name]?.profiles, name).toEqual(['scale']);
  });

  it('migrates once, then starts two web processes and two workers', () => {
    expect(services.migrate?.command).toEqual(MIGRATE_COMMAND);
    expect(services.migrate?.restart).toBe('no');
    for (const [name, role] of [
      ['web-1', 'web'],
      ['web-2', 'web'],
      ['worker-1', 'worker'],
      ['worker-2', 'worker'],
    ] as const) {
      const s = services[name];
      if (!s) throw new Error(`no service ${name}`);
      expect(composeEnv(s), name).toMatchObject({ ROLE: role, MIGRATE_AT_START: '0' });
      expect(s.depends_on, name).toMatchObject({
        migrate: { condition: 'service_completed_successfully' },
      });
      expect(s.image, name).toBe(services.migrate?.image);
    }
  });

  it('puts an nginx proxy on 8080 in front of both web processes, in turn', () => {
    const proxy = services.proxy;
    expect(proxy?.image).toBe('nginx:1.27-alpine');
    expect(proxy?.ports).toContain('8080:8080');
    expect(proxy?.volumes?.some((v) => v.startsWith('./deploy/compose/nginx.conf:'))).toBe(true);
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(nginxConf);
    expect(upstream?.[2]).toMatch(/server\s+web-1:3000;/);
    expect(upstream?.[2]).toMatch(/server\s+web-2:3000;/);
    // Round-robin is nginx's default: no other balancing method.
    expect(upstream?.[2]).not.toMatch(/\b(least_conn|ip_hash|hash|random)\b/);
    expect(nginxConf).toMatch(/listen\s+8080;/);
    expect(nginxConf).toContain(`proxy_pass http://${upstream?.[1]};`);
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(nginxConf).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
  });
});

describe('the settings the deployment files set', () => {
  /** Every variable set, with its value and where. */
  const assignments = [
    ...workloads.flatMap((m) =>
      (containerOf(m).env ?? []).map((e) => ({
        where: m.metadata.name,
        name: e.name,
        value: e.value ?? '',
      })),
    ),
    ...Object.entries(secret.stringData ?? {}).map(([name, value]) => ({
      where: 'Secret castellan',
      name,
      value,
    })),
    ...Object.entries(services).flatMap(([service, s]) =>
      Object.entries(composeEnv(s)).map(([name, value]) => ({
        where: `compose ${service}`,
        name,
        value: String(value),
      })),
    ),
  ];
  /** The optional keys secret.example.yaml shows commented out (`#   NAME: value`). */
  const commentedKeys = [
    ...read('deploy/kubernetes/secret.example.yaml').matchAll(/^\s*#\s+([A-Z][A-Z0-9_]+):/gm),
  ].map((m) => m[1] ?? '');

  it('are all declared in SETTINGS, but what the postgres image reads', () => {
    const postgresServices = Object.entries(services)
      .filter(([, s]) => s.image?.startsWith('postgres:'))
      .map(([name]) => `compose ${name}`);
    expect(postgresServices).toEqual(['compose postgres']);
    const unknown = assignments
      .filter(({ where, name }) =>
        postgresServices.includes(where)
          ? !POSTGRES_IMAGE_VARIABLES.includes(name)
          : !(name in SETTINGS),
      )
      .map(({ where, name }) => `${where}: ${name}`);
    expect(unknown).toEqual([]);
    expect(commentedKeys.length).toBeGreaterThan(0);
    expect(commentedKeys.filter((name) => !(name in SETTINGS))).toEqual([]);
  });

  it('has the keys a production server needs, and every literal value is one the server accepts', () => {
    const keys = Object.keys(secret.stringData ?? {});
    for (const key of [
      'DATABASE_URL',
      'REDIS_URL',
      'ENCRYPTION_KEY',
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'TRUST_PROXY',
    ]) {
      expect(keys).toContain(key);
    }
    const schemas = SETTINGS as Record<string, { schema: { safeParse(v: unknown): unknown } }>;
    const refused = assignments
      .filter(({ where, name }) => where !== 'compose postgres' && name !== 'ENCRYPTION_KEY')
      .filter(({ name, value }) => {
        const result = schemas[name]?.schema.safeParse(value) as { success: boolean } | undefined;
        return !result?.success;
      })
      .map(({ where, name, value }) => `${where}: ${name}=${value}`);
    expect(refused).toEqual([]);
    // The example's key is a placeholder the server refuses, never a usable key.
    expect(
      SETTINGS.ENCRYPTION_KEY.schema.safeParse(secret.stringData?.ENCRYPTION_KEY).success,
    ).toBe(false);
  });

  it('hold no secret-looking values anywhere', () => {
    const files = [
      'compose.yaml',
      'deploy/compose/nginx.conf',
      'deploy/kubernetes/README.md',
      'deploy/kubernetes/kustomization.yaml',
      ...MANIFEST_FILES.map((f) => `deploy/kubernetes/${f}`),
    ];
    for (const file of files) {
      const text = read(file);
      // An ENCRYPTION_KEY's shapes, Stripe keys and webhook secrets.
      expect(text, file).not.toMatch(/[A-Za-z0-9+/]{43}=/);
      expect(text, file).not.toMatch(/\b[0-9a-fA-F]{64}\b/);
      expect(text, file).not.toMatch(/\b(sk|rk)_(live|test)_\w+|whsec_\w+/);
      // Passwords in URLs are placeholders or come from .env.
      for (const [, password = ''] of text.matchAll(/:\/\/[^:/\s@]+:(\$\{[^}]*\}|[^@\s]+)@/g)) {
        expect(password === 'change-me' || password.startsWith('${'), `${file}: ${password}`).toBe(
          true,
        );
      }
    }
    for (const [name, value] of Object.entries(secret.stringData ?? {})) {
      if (/KEY|SECRET|PASSWORD/.test(name)) expect(value, name).toBe('change-me');
    }
  });
});
