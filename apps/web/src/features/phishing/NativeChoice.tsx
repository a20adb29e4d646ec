import { Text } from '@mantine/core';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import classes from './NativeChoice.module.css';

type Props = {
  type: 'radio' | 'checkbox';
  name?: string;
  value?: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  label: ReactNode;
  description?: ReactNode;
  /** Drawn as a bordered card (a template to choose), not a plain line. */
  card?: boolean;
};

/**
 * A radio button or checkbox as the browser draws it, with a label and a description. Mantine's
 * Radio and Checkbox would make the bundler split the input foundation a task's page loads into
 * more files, over its JavaScript budget; these are as accessible and cost nothing.
 */
export function NativeChoice({
  type,
  name,
  value,
  checked,
  onChange,
  label,
  description,
  card,
}: Props) {
  const id = useId();
  return (
    <label className={card ? `${classes.choice} ${classes.card}` : classes.choice} htmlFor={id}>
      <input
        id={id}
        className={classes.input}
        type={type}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <span className={classes.text}>
        <Text component="span" size="sm" fw={card ? 600 : 400} display="block">
          {label}
        </Text>
        {description && (
          <Text component="span" id={`${id}-description`} size="sm" c="dimmed" display="block">
            {description}
          </Text>
        )}
      </span>
    </label>
  );
}
