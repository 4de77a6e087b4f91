// The splat route: any address no other route claims is a 404 (spec §8).
import { data } from 'react-router';

export function loader(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export function action(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

export default function NotFound() {
  return null;
}
