import type { ReactNode } from 'react';

/** Messages the marketplace (or the compliance check) reported for one editor field. */
export type IssuesFor = (field: string) => string[];

/** A Form.Item `extra` with the field's reported issues, or undefined when it has none. */
export function issueExtra(issuesFor: IssuesFor, field: string, hint?: ReactNode): ReactNode {
  const messages = issuesFor(field);
  if (messages.length === 0) return hint;
  return (
    <>
      {hint}
      {messages.map((message, i) => (
        <span key={i} className="listings-field-issue" role="alert">
          {message}
        </span>
      ))}
    </>
  );
}
