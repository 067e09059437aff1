import type { PlainIcon } from './plain-icons.ts';

/** An icon of `plain-icons.ts`, sized and coloured as antd draws its own (1em, currentColor). */
export function SvgIcon({ icon }: { icon: PlainIcon }) {
  return (
    <span className="svg-icon" aria-hidden>
      <svg viewBox={icon.viewBox} width="1em" height="1em" fill="currentColor" focusable="false">
        {icon.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
