/** Routes /privacy-policy and /terms-and-conditions (SPEC §2); the legal texts replace these bodies. */
export function PrivacyPolicyPage() {
  return (
    <div className="container py-4">
      <h1 className="h3">Privacy Policy</h1>
    </div>
  );
}

export function TermsAndConditionsPage() {
  return (
    <div className="container py-4">
      <h1 className="h3">Terms and Conditions</h1>
    </div>
  );
}
