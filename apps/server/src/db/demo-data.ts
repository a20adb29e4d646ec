import { TransactionRollbackError } from 'drizzle-orm';
import type { Db } from './client';
import { organizations, taskCompletions, users } from './schema';

type Person = [firstName: string, lastName: string];

const MEMBERS: Person[] = [
  ['Ben', 'Carter'],
  ['Chloe', 'Davies'],
  ['Daniel', 'Evans'],
  ['Emma', 'Fischer'],
  ['Farid', 'Ghani'],
  ['Grace', 'Hughes'],
  ['Hiro', 'Ito'],
  ['Isla', 'Jones'],
  ['Jonas', 'Keller'],
];

/** The people of the demo company that works in Microsoft 365; the first is its admin. */
const MICROSOFT_TEAM: Person[] = [
  ['Olivia', 'Parker'],
  ['Liam', 'Brooks'],
  ['Maya', 'Chen'],
  ['Omar', 'Haddad'],
];

const address = (p: Person, domain: string) => `${p[0]}.${p[1]}@${domain}`.toLowerCase();

/**
 * Fills an empty database with demo organisations so a fresh `npm start` has something to show:
 * a registered company with an admin and members, a smaller one working in Microsoft 365, a
 * company still registering, a staff
 * member of the product's own organisation, and a sandbox organisation on the product's domain
 * (which, unlike customers' organisations, can be deleted from the app). Does nothing when any organisation exists.
 */
export async function seedDemoData(db: Db, productDomain: string): Promise<boolean> {
  try {
    return await insertDemoData(db, productDomain);
  } catch (err) {
    if (err instanceof TransactionRollbackError) return false;
    throw err;
  }
}

async function insertDemoData(db: Db, productDomain: string): Promise<boolean> {
  return db.transaction(async (tx): Promise<boolean> => {
    const existing = await tx.select({ id: organizations.id }).from(organizations).limit(1);
    if (existing.length > 0) return false;

    const [registered, pending, staffOrg, sandbox, microsoftShop] = await tx
      .insert(organizations)
      .values([
        // As if its integrations had counted a month of stopped attacks.
        {
          domain: 'brightwave.example',
          status: 'REGISTERED',
          workspace: 'google',
          failedLogins: 37,
          blockedSpam: 412,
          isDemo: true,
        },
        { domain: 'northfield.example', status: 'PENDING', isDemo: true },
        { domain: productDomain, status: 'REGISTERED', isDemo: true },
        { domain: `sandbox.${productDomain}`, status: 'REGISTERED', isDemo: true },
        { domain: 'tidewater.example', status: 'REGISTERED', workspace: 'microsoft', isDemo: true },
      ])
      // Another process seeding at the same moment got there first (its insert waits for that
      // one to commit, then skips): leave the database as that process made it.
      .onConflictDoNothing()
      .returning({ id: organizations.id, domain: organizations.domain });
    if (!registered || !pending || !staffOrg || !sandbox || !microsoftShop) {
      return tx.rollback();
    }

    const admin: Person = ['Alice', 'Morgan'];
    const pendingAdmin: Person = ['Noah', 'Fields'];
    const staff: Person = ['Sam', 'Rivera'];
    const sandboxAdmin: Person = ['Dana', 'Whitfield'];
    const people = await tx
      .insert(users)
      .values([
        {
          organizationId: registered.id,
          email: address(admin, registered.domain),
          firstName: admin[0],
          lastName: admin[1],
          role: 'admin',
        },
        ...MEMBERS.map((p) => ({
          organizationId: registered.id,
          email: address(p, registered.domain),
          firstName: p[0],
          lastName: p[1],
          role: 'user' as const,
        })),
        {
          organizationId: pending.id,
          email: address(pendingAdmin, pending.domain),
          firstName: pendingAdmin[0],
          lastName: pendingAdmin[1],
          role: 'admin',
        },
        {
          organizationId: staffOrg.id,
          email: address(staff, staffOrg.domain),
          firstName: staff[0],
          lastName: staff[1],
          role: 'admin',
          isStaff: true,
        },
        {
          organizationId: sandbox.id,
          email: address(sandboxAdmin, sandbox.domain),
          firstName: sandboxAdmin[0],
          lastName: sandboxAdmin[1],
          role: 'admin',
        },
        ...MICROSOFT_TEAM.map((p, i) => ({
          organizationId: microsoftShop.id,
          email: address(p, microsoftShop.domain),
          firstName: p[0],
          lastName: p[1],
          role: i === 0 ? ('admin' as const) : ('user' as const),
        })),
      ])
      .returning({ id: users.id, organizationId: users.organizationId, role: users.role });

    // Some progress already made at the registered company: its admin set up SPF, and the
    // first members have done a few of their own tasks (fewer the further down the list).
    const done = ['enable-mfa', 'update-browser', 'screen-lock', 'use-password-manager'];
    const team = people.filter((p) => p.organizationId === registered.id);
    const adminId = team.find((p) => p.role === 'admin')?.id ?? null;
    await tx.insert(taskCompletions).values([
      {
        organizationId: registered.id,
        catalogueId: 'email-spf',
        catalogueVersion: 1,
        userId: null,
        completedById: adminId,
      },
      ...team.slice(0, done.length).flatMap((member, i) =>
        done.slice(0, done.length - i).map((catalogueId) => ({
          organizationId: registered.id,
          catalogueId,
          catalogueVersion: 1,
          userId: member.id,
          completedById: member.id,
        })),
      ),
    ]);
    return true;
  });
}
