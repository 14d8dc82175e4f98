import type { Kysely } from 'kysely';
import { can } from '@app/shared/permissions';
import type { AuthUser } from '@app/shared/schemas/auth.schema';
import type { DashboardResponse, DashboardStat } from '@app/shared/schemas/dashboard.schema';
import { RECENT_ACTIVITIES_LIMIT } from '@app/shared/constants';
import type { DB } from '../../db/schema.ts';
import { recentActivities } from '../activities/activities.service.ts';
import { newAdmissions, totalOrphans, upcomingBirthdays } from '../orphans/orphans.service.ts';

/**
 * A stat card: shown only to users holding `permission`, so the overview never leaks figures a
 * user may not see. Features add their cards to DASHBOARD_STATS.
 */
export interface StatProvider {
  permission: string;
  stat(db: Kysely<DB>): Promise<DashboardStat>;
}

export const DASHBOARD_STATS: StatProvider[] = [
  {
    permission: 'view-orphans',
    stat: async (db) => ({ label: 'Total Orphans', value: await totalOrphans(db), icon: 'users', color: 'blue' }),
  },
  {
    permission: 'view-orphans',
    stat: async (db) => ({ label: 'New Admissions', value: await newAdmissions(db), icon: 'user-plus', color: 'green' }),
  },
  {
    // Children's birthdays in the next 30 days.
    permission: 'view-orphans',
    stat: async (db) => ({ label: 'Upcoming Events', value: await upcomingBirthdays(db), icon: 'calendar', color: 'purple' }),
  },
  {
    // Self-registered accounts wait for an administrator to grant a role.
    permission: 'edit-users',
    async stat(db) {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user_roles').select('user_roles.user_id').whereRef('user_roles.user_id', '=', 'users.id'))))
        .executeTakeFirstOrThrow();
      return { label: 'Pending Tasks', value: Number(row.n), icon: 'clipboard-list', color: 'amber' };
    },
  },
];

export async function dashboardData(db: Kysely<DB>, user: AuthUser): Promise<DashboardResponse> {
  const stats = await Promise.all(DASHBOARD_STATS.filter((p) => can(user, p.permission)).map((p) => p.stat(db)));
  const activities = can(user, 'view-activities') ? await recentActivities(db, RECENT_ACTIVITIES_LIMIT) : [];
  return { stats, activities };
}
