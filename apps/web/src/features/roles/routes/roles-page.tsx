import { AdminOnly } from '../../../components/admin-only.tsx';
import { RoleManager } from '../components/role-manager.tsx';

/** /dashboard/roles: Role Management (spec section 2). */
export function RolesPage() {
  return (
    <AdminOnly>
      <RoleManager variant="page" />
    </AdminOnly>
  );
}
