import type { ActivityListParams } from '../components/activity-list-spec.ts';

/** Query keys of the activity log; every list page and filter combination starts with `lists()`. */
export const activityKeys = {
  all: ['activities'] as const,
  lists: () => [...activityKeys.all, 'list'] as const,
  list: (params: ActivityListParams) => [...activityKeys.lists(), params] as const,
  users: () => [...activityKeys.all, 'users'] as const,
};
