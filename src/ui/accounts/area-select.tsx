import { useMemo } from 'react';
import { SearchableSelect } from '../common/searchable-select';

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
  const items = useMemo(() => props.items.map((item) => ({ value: String(item.id), label: item.name })), [props.items]);
  return (
    <SearchableSelect
      name={props.name}
      label={props.label}
      items={items}
      value={props.value === null ? null : String(props.value)}
      disabled={props.disabled}
      loading={props.loading}
      placeholder={props.placeholder}
      emptyText={props.emptyText}
      loadingText={props.loadingText}
      onChange={(value) => props.onChange(value === null ? null : Number(value))}
      testId={`area-${props.name}`}
    />
  );
}
