/** What the server's start-up uses of marketplace events: Amazon's notification reader. */
export { pollAmazonNotifications, startAmazonNotifications } from './amazon.ts';
