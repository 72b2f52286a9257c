import { Combobox, Field, Portal, Spinner, createListCollection, useFilter } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useT } from '../i18n/language-context';

export interface SearchableOption {
  value: string;
  label: string;
}

export interface SearchableSelectProps {
  name: string;
  label: string;
  items: readonly SearchableOption[];
  /** The chosen option's value, null for none. */
  value: string | null;
  disabled?: boolean;
  loading?: boolean;
  placeholder: string;
  emptyText: string;
  loadingText?: string;
  onChange: (value: string | null) => void;
  size?: 'sm' | 'md' | 'lg';
  testId: string;
}

/**
 * A select whose options are filtered by what is typed (Chakra v3's Combobox: arrow keys move,
 * Enter picks, Escape closes, the clear button empties). The registration's area levels and the
 * file screen's order numbers use it.
 */
export function SearchableSelect(props: SearchableSelectProps) {
  const t = useT();
  const [query, setQuery] = useState('');
  const { contains } = useFilter({ sensitivity: 'base' });
  const filtered = useMemo(() => (query ? props.items.filter((item) => contains(item.label, query)) : props.items), [props.items, query, contains]);
  const collection = useMemo(
    () => createListCollection({ items: filtered as SearchableOption[], itemToString: (item) => item.label, itemToValue: (item) => item.value }),
    [filtered],
  );
  const selectedLabel = props.items.find((item) => item.value === props.value)?.label ?? '';
  const size = props.size ?? 'lg';
  // While its options load the select takes no typing: the loaded list remounts it (the key below),
  // which would drop what was typed and close the list under the person's fingers.
  const disabled = props.disabled || props.loading;

  return (
    <Field.Root disabled={disabled}>
      <Combobox.Root
        collection={collection}
        value={props.value === null ? [] : [props.value]}
        // New options (a parent changed, the list loaded) show the current value, not stale text.
        key={`${props.name}:${props.items.map((i) => i.value).join(',')}`}
        defaultInputValue={selectedLabel}
        onValueChange={(details) => props.onChange(details.value[0] ?? null)}
        onInputValueChange={(details) => {
          if (details.reason === 'input-change') setQuery(details.inputValue);
        }}
        onOpenChange={(details) => {
          if (details.open && details.reason !== 'input-change') setQuery('');
        }}
        disabled={disabled}
        // zag's trigger names are English only.
        translations={{ triggerLabel: t('common.showSuggestions'), clearTriggerLabel: t('common.clear') }}
        openOnClick
        size={size}
        // Same height as the text inputs beside it.
        css={size === 'lg' ? { '--combobox-input-height': 'sizes.11' } : undefined}
        positioning={{ sameWidth: true }}
        data-testid={props.testId}
      >
        <Combobox.Label fontWeight="medium" color="gray.700">
          {props.label}
        </Combobox.Label>
        <Combobox.Control>
          <Combobox.Input placeholder={props.placeholder} name={props.name} bg={props.disabled ? 'gray.50' : 'white'} />
          <Combobox.IndicatorGroup>
            {/* 24 px targets (WCAG 2.5.8); Chakra's are the 16 px of their icons. */}
            {props.loading ? <Spinner size="xs" color="gray.500" /> : <Combobox.ClearTrigger minW="6" minH="6" />}
            <Combobox.Trigger minW="6" minH="6" />
          </Combobox.IndicatorGroup>
        </Combobox.Control>
        <Portal>
          <Combobox.Positioner>
            <Combobox.Content maxH="64">
              <Combobox.Empty px="3" py="2" color="gray.500" fontSize="sm">
                {props.loading ? (props.loadingText ?? props.emptyText) : props.emptyText}
              </Combobox.Empty>
              {collection.items.map((item) => (
                <Combobox.Item item={item} key={item.value}>
                  {item.label}
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
