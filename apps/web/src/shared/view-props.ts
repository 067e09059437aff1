/**
 * What every server-driven page receives: the contract between the app's view registry, which
 * imports every page, and the pages, which therefore must not import the registry.
 */
export interface ViewProps {
  /** The translated menu title. */
  title: string;
}
