import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function PageHero({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <section className="hero">
      <div className="site-container">
        <h1 className="hero__title">{title}</h1>
        {subtitle && <p className="hero__subtitle">{subtitle}</p>}
        {children && <div className="hero__actions">{children}</div>}
      </div>
    </section>
  );
}

export function FeatureGrid({
  items,
  numbered = false,
}: {
  items: { title: string; text: string }[];
  numbered?: boolean;
}) {
  return (
    <section className="site-container feature-grid">
      {items.map((item, index) => (
        <article key={item.title} className="feature">
          {numbered && <span className="feature__step">{index + 1}</span>}
          <h2>{item.title}</h2>
          <p>{item.text}</p>
        </article>
      ))}
    </section>
  );
}

export function CallToAction({ to, children }: { to: string; children: ReactNode }) {
  return (
    <section className="site-container cta">
      <Link to={to} className="btn btn--primary btn--large">
        {children}
      </Link>
    </section>
  );
}
