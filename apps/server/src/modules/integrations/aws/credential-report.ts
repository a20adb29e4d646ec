// The IAM credential report's CSV (reference §4.5): one row per IAM user and one for the root
// user, read by column name; sentinels (`N/A`, `no_information`, `not_supported`) read as null.

export type ReportKey = {
  /** 1 or 2: the report's two key slots. */
  slot: number;
  active: boolean;
  /** ISO time; null when AWS gives none. */
  lastRotated: string | null;
  lastUsed: string | null;
};

export type ReportUser = {
  name: string;
  arn: string;
  passwordEnabled: boolean;
  passwordLastUsed: string | null;
  mfaActive: boolean;
  accessKeys: ReportKey[];
};

export type CredentialReport = { root: ReportUser | null; users: ReportUser[] };

export const ROOT_USER = '<root_account>';

/** Rows of a CSV text, with RFC 4180 quoting (IAM user names may hold a comma). */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f !== ''));
}

const SENTINELS = new Set(['n/a', 'no_information', 'not_supported', '']);
const time = (v: string | undefined) => {
  if (v === undefined || SENTINELS.has(v.trim().toLowerCase())) return null;
  return Number.isNaN(Date.parse(v)) ? null : new Date(v).toISOString();
};
// The documentation writes TRUE/FALSE, real reports true/false.
const yes = (v: string | undefined) => v?.trim().toLowerCase() === 'true';

export function parseCredentialReport(csv: string): CredentialReport {
  const [header, ...rows] = csvRows(csv);
  if (!header?.includes('user') || !header.includes('mfa_active')) {
    throw new Error('the credential report has no user and mfa_active columns');
  }
  const column = new Map(header.map((name, i) => [name.trim(), i]));
  const users = rows.map((row): ReportUser => {
    const get = (name: string) => {
      const i = column.get(name);
      return i === undefined ? undefined : row[i];
    };
    return {
      name: get('user') ?? '',
      arn: get('arn') ?? '',
      passwordEnabled: yes(get('password_enabled')),
      passwordLastUsed: time(get('password_last_used')),
      mfaActive: yes(get('mfa_active')),
      accessKeys: [1, 2].flatMap((slot) => {
        const lastRotated = time(get(`access_key_${slot}_last_rotated`));
        const active = yes(get(`access_key_${slot}_active`));
        // A slot never used has no rotation date and is not active.
        if (!active && lastRotated === null) return [];
        return [
          { slot, active, lastRotated, lastUsed: time(get(`access_key_${slot}_last_used_date`)) },
        ];
      }),
    };
  });
  return {
    root: users.find((u) => u.name === ROOT_USER) ?? null,
    users: users.filter((u) => u.name !== ROOT_USER),
  };
}
