import { ChoiceGroup } from '@/components/ChoiceGroup';

/**
 * One of a few values as a row of chips: `labels` names each value; the chips show the names and
 * answer the value.
 */
export function ChipChoice<T extends string>({
  legend,
  name,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  const values = Object.keys(labels) as T[];
  return (
    <ChoiceGroup
      legend={legend}
      name={name}
      options={values.map((v) => ({ value: labels[v], soldOut: false }))}
      value={labels[value]}
      onChange={(label) => onChange(values.find((v) => labels[v] === label)!)}
    />
  );
}
