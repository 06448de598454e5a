import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';

interface SavedRecordLinksProps {
  record: { id: string; name: string };
  /** The record's edit page. */
  editPath: string;
  /** Its public record page, for people. */
  publicPath?: string;
}

/** After "Add": the way to the record just made, since the form has started over. */
export function SavedRecordLinks({ record, editPath, publicPath }: SavedRecordLinksProps) {
  return (
    <Group gap="lg">
      <Anchor component={Link} to={editPath} underline="always">
        Open {record.name}
      </Anchor>
      {publicPath && (
        <Anchor href={publicPath} target="_blank" rel="noopener noreferrer" underline="always">
          View the record page (new tab)
        </Anchor>
      )}
    </Group>
  );
}
