// A route's own loader and action headers on its document response (issue #21): React Router passes only
// their cookies on by itself. The payment pages send Cache-Control (a payment link's page is never kept
// in the shared page cache) and Retry-After (a checkout over the hourly limit answers 429).
import type { HeadersFunction } from 'react-router';

export const ownHeaders: HeadersFunction = ({ parentHeaders, loaderHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders]) {
    source.forEach((value, name) => {
      if (name !== 'set-cookie') headers.set(name, value);
    });
  }
  return headers;
};
