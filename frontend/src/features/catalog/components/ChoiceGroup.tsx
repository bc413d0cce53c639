import { useId } from 'react';
import './ChoiceGroup.css';

type ChoiceGroupProps = {
  legend: string;
  name: string;
  options: ReadonlyArray<string>;
  value: string | null;
  onChange: (value: string) => void;
};

/** A radio group drawn as chips (sizes, colours). Native radios: arrow keys work as usual. */
export function ChoiceGroup({ legend, name, options, value, onChange }: ChoiceGroupProps) {
  const id = useId();
  if (options.length === 0) return null;
  return (
    <fieldset className="choice-group">
      <legend className="choice-group__legend">
        {legend}
        {value && <span className="choice-group__value">: {value}</span>}
      </legend>
      <div className="choice-group__options">
        {options.map((option) => (
          <label key={option} className="choice-chip">
            <input
              type="radio"
              className="choice-chip__input"
              name={`${name}-${id}`}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span className="choice-chip__label">{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
