import { recordsListRoute } from '#client/features/records/components/records-list-route.tsx';
import { RenewalCard } from '#client/features/records/components/renewal-card.tsx';

export const { loader, Component } = recordsListRoute({
  kind: 'renewals',
  title: 'Renew Peoples',
  deletes: 'renewal',
  importPath: '/dashboard/renew-import',
  card: (renewal, actions) => <RenewalCard key={renewal.id} renewal={renewal} {...actions} />,
});
