import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
}

interface SegmentedSwitchProps<T extends string> {
  value: T;
  options: readonly SegmentedOption<T>[];
  onChange: (value: T) => void;
  label: string;
  size?: 'small' | 'large';
  block?: boolean;
  className?: string;
}

/**
 * A radio group drawn as segments (arrow keys move between options). Used on the login page
 * and in headers instead of antd's Segmented, which would add its weight to the first paint.
 */
export function SegmentedSwitch<T extends string>({
  value,
  options,
  onChange,
  label,
  size = 'small',
  block = false,
  className,
}: SegmentedSwitchProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next]!.value);
    refs.current[next]?.focus();
  };

  const classes = [
    'segmented',
    `segmented--${size}`,
    block ? 'segmented--block' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div role="radiogroup" aria-label={label} className={classes}>
      {options.map((option, index) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            ref={(node) => {
              refs.current[index] = node;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            className={checked ? 'segmented__item segmented__item--active' : 'segmented__item'}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}
