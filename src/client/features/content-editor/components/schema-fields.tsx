import { Button, Fieldset, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { emptyValue, labelOf, type Shape } from '#client/lib/schema-shape.ts';
import { imageFieldNames } from '#shared/api/brand-images.ts';
import { ImageField } from './image-field.tsx';

type Path = (string | number)[];

interface FieldProps {
  shape: Shape;
  label: string;
  path: Path;
  value: unknown;
  /** The same field in English, shown beside a translation's. */
  english: unknown;
  errors: Record<string, string>;
  onChange: (path: Path, value: unknown) => void;
}

// Texts that run to sentences get a box that grows with them.
const LONG_TEXT = 80;

/** The form of one page, made from its schema: texts, groups and lists that can grow and be reordered. */
export function SchemaField({ shape, label, path, value, english, errors, onChange }: FieldProps) {
  const error = errors[path.join('.')];
  const key = path.at(-1);
  if (shape.kind === 'text' && typeof key === 'string' && imageFieldNames.has(key)) {
    return (
      <ImageField
        label={key === 'src' ? 'Image address' : label}
        field={path.join('.')}
        value={typeof value === 'string' ? value : ''}
        required={!shape.optional}
        description={english === undefined ? undefined : `English: ${String(english)}`}
        error={error}
        onChange={(src) => onChange(path, src)}
      />
    );
  }
  if (shape.kind === 'text') {
    const text = typeof value === 'string' ? value : '';
    const Input = text.length > LONG_TEXT || String(english ?? '').length > LONG_TEXT ? Textarea : TextInput;
    return (
      <Input
        label={label}
        value={text}
        autosize
        required={!shape.optional}
        description={english === undefined ? undefined : `English: ${String(english)}`}
        error={error}
        onChange={(event) =>
          onChange(
            path,
            shape.optional && event.currentTarget.value === '' ? undefined : event.currentTarget.value,
          )
        }
      />
    );
  }
  if (shape.kind === 'object') {
    const record = (value ?? {}) as Record<string, unknown>;
    const inEnglish = english as Record<string, unknown> | undefined;
    const fields = shape.fields.map(([key, field]) => (
      <SchemaField
        key={key}
        shape={field}
        label={labelOf(key)}
        path={[...path, key]}
        value={record[key]}
        english={inEnglish?.[key]}
        errors={errors}
        onChange={onChange}
      />
    ));
    return path.length === 0 ? (
      <Stack>{fields}</Stack>
    ) : (
      <Fieldset legend={label}>
        <Stack>{fields}</Stack>
      </Fieldset>
    );
  }
  return <ListField {...{ shape, label, path, value, english, errors, onChange }} />;
}

function ListField({
  shape,
  label,
  path,
  value,
  english,
  errors,
  onChange,
}: FieldProps & { shape: Shape & { kind: 'list' } }) {
  const items = Array.isArray(value) ? value : [];
  const inEnglish = Array.isArray(english) ? english : [];
  const move = (from: number, to: number) => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    onChange(path, next);
  };
  return (
    <Fieldset legend={label}>
      <Stack>
        {errors[path.join('.')] && (
          <p role="alert" style={{ color: 'var(--mantine-color-error)', margin: 0 }}>
            {errors[path.join('.')]}
          </p>
        )}
        {items.map((item, index) => {
          const name = `${label} ${index + 1}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity of their own while edited
            <Stack key={index} gap="xs">
              <SchemaField
                shape={shape.item}
                label={name}
                path={[...path, index]}
                value={item}
                english={inEnglish[index]}
                errors={errors}
                onChange={onChange}
              />
              <Group gap="xs">
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Move {name} up
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Move {name} down
                </Button>
                <Button
                  size="compact-sm"
                  variant="default"
                  color="red"
                  disabled={items.length <= shape.min}
                  onClick={() =>
                    onChange(
                      path,
                      items.filter((_, i) => i !== index),
                    )
                  }
                >
                  Remove {name}
                </Button>
              </Group>
            </Stack>
          );
        })}
        {items.length < shape.max && (
          <Button
            variant="light"
            w="fit-content"
            onClick={() => onChange(path, [...items, emptyValue(shape.item)])}
          >
            Add to {label.toLowerCase()}
          </Button>
        )}
      </Stack>
    </Fieldset>
  );
}
