import { PersonCard } from '#client/features/records/components/person-card.tsx';
import { recordsListRoute } from '#client/features/records/components/records-list-route.tsx';

export const { loader, Component } = recordsListRoute({
  kind: 'people',
  title: 'Peoples',
  deletes: 'person',
  importPath: '/dashboard/import',
  missingImagesFilter: true,
  card: (person, actions) => <PersonCard key={person.id} person={person} {...actions} />,
});
