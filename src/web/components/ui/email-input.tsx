import type { ComponentProps } from 'react';

/** An e-mail address field: the right keyboard on phones, no autocapitalisation or spell-check. */
export function EmailInput({ className = '', ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      {...props}
      type="email"
      autoComplete={props.autoComplete ?? 'email'}
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      className={`input ${className}`}
    />
  );
}
