// Who is making a request. Accounts (sign-up, sign-in, tokens) are issue #6;
// until they land no request carries a session, so guards see a guest.
export interface SessionUser {
  id: number;
  email: string;
  scopes: string[];
}

export interface SessionService {
  currentUser(request: Request): Promise<SessionUser | null>;
}

export function createSessionService(): SessionService {
  return {
    async currentUser() {
      return null;
    },
  };
}
