/** The sidebar "User Panel", then the staff pages beyond it; `admin` ones need the role. */
export const dashboardLinks = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Add people', to: '/dashboard/add-people' },
  { label: 'Renew Form', to: '/dashboard/renew-form' },
  { label: 'Peoples', to: '/dashboard/peoples' },
  { label: 'Renew Peoples', to: '/dashboard/renew-peoples' },
  { label: 'All Images', to: '/dashboard/images' },
  { label: 'Home', to: '/' },
] as const;

export const staffLinks = [
  { label: 'Import', to: '/dashboard/import', admin: false },
  { label: 'Renew Import', to: '/dashboard/renew-import', admin: false },
  { label: 'Users', to: '/dashboard/users', admin: true },
  { label: 'API keys', to: '/dashboard/api-keys', admin: true },
  { label: 'Pages and brand', to: '/dashboard/pages', admin: true },
  { label: 'Audit', to: '/dashboard/audit', admin: false },
  { label: 'Messages', to: '/dashboard/messages', admin: false },
  { label: 'Verifiers', to: '/dashboard/verifiers', admin: false },
  { label: 'Trash', to: '/dashboard/trash', admin: true },
  { label: 'Account', to: '/dashboard/account', admin: false },
] as const;

/** Where an editor's dashboard starts: the pages are all they edit. */
export const editorHome = '/dashboard/pages';

/** What an editor, who edits the public pages only, is shown and may open. */
export const editorLinks = [
  { label: 'Pages and brand', to: editorHome },
  { label: 'Account', to: '/dashboard/account' },
  { label: 'Home', to: '/' },
] as const;

/** Which sidebar entry a path belongs to: edit pages light up the list they came from. */
export function activeLink(pathname: string): string {
  if (pathname.startsWith('/dashboard/updatepeople/')) return '/dashboard/peoples';
  if (pathname.startsWith('/dashboard/renew-update/')) return '/dashboard/renew-peoples';
  return pathname.replace(/\/+$/, '') || '/';
}
