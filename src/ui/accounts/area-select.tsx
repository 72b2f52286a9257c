import { Combobox, Field, Portal, Spinner, createListCollection, useFilter } from '@chakra-ui/react';
import { useMemo, useState } from 'react';

export interface AreaChoice {
  id: number;
  name: string;
}

export interface AreaSelectProps {
  name: string;
  label: string;
  items: AreaChoice[];
  value: number | null;
  disabled: boolean;
  loading: boolean;
  placeholder: string;
  emptyText: string;
  loadingText: string;
  onChange: (id: number | null) => void;
}

/** A searchable select of one level of the area cascade (type a few letters of the name). */
export function AreaSelect(props: AreaSelectProps) {
  const [query, setQuery] = useState('');
  const { contains } = useFilter({ sensitivity: 'base' });
  const filtered = useMemo(
    () => (query ? props.items.filter((item) => contains(item.name, query)) : props.items),
    [props.items, query, contains],
  );
  const collection = useMemo(
    () =>
      createListCollection({
        items: filtered,
        itemToString: (item) => item.name,
        itemToValue: (item) => String(item.id),
      }),
    [filtered],
  );
  const selectedName = props.items.find((item) => item.id === props.value)?.name ?? '';

  return (
    <Field.Root disabled={props.disabled}>
      <Combobox.Root
        collection={collection}
        value={props.value === null ? [] : [String(props.value)]}
        // Parent changes clear the child: show its (empty) value, not stale text.
        key={`${props.name}:${props.items.map((i) => i.id).join(',')}`}
        defaultInputValue={selectedName}
        onValueChange={(details) => {
          const id = details.value[0];
          props.onChange(id === undefined ? null : Number(id));
        }}
        onInputValueChange={(details) => {
          if (details.reason === 'input-change') setQuery(details.inputValue);
        }}
        onOpenChange={(details) => {
          if (details.open && details.reason !== 'input-change') setQuery('');
        }}
        disabled={props.disabled}
        openOnClick
        size="lg"
        // Same height as the text inputs of the form (Input size lg).
        css={{ '--combobox-input-height': 'sizes.11' }}
        positioning={{ sameWidth: true }}
        data-testid={`area-${props.name}`}
      >
        <Combobox.Label fontWeight="medium" color="gray.700">
          {props.label}
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={props.placeholder} name={props.name} bg={props.disabled ? 'gray.50' : 'white'} />
          <Combobox.IndicatorGroup>
            {props.loading ? <Spinner size="xs" color="gray.500" /> : <Combobox.ClearTrigger />}
            <Combobox.Trigger />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="64">
              <Combobox.Empty px="3" py="2" color="gray.500" fontSize="sm">
                {props.loading ? props.loadingText : props.emptyText}
              </Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.id}>
                  {item.name}
                  <Combobox.ItemIndicator />
                </Combobox.Item>
              ))}
            </Combobox.Content>
          </Combobox.Positioner>
        </Portal>
      </Combobox.Root>
    </Field.Root>
  );
}
