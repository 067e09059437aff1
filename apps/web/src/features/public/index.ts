// The public site's public face: the marketing blocks and the query boundary the design tool,
// itself a public page, is built from.
export { FeatureGrid, PageHero } from './components/marketing.tsx';
export { withQueries } from './components/with-queries.tsx';
