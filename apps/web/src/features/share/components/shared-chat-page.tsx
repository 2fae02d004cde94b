import { useParams } from 'react-router';

/**
 * Route /chatid/:hash (SPEC §2). The share feature loads GET /api/chat/{hash} and shows both
 * answers read-only with the shared ResultBox (components/result-box).
 */
export function SharedChatPage() {
  const { hash = '' } = useParams();
  return (
    <div className="container py-4">
      <h1 className="h3">Shared comparison</h1>
      <p className="text-body-secondary font-monospace small">{hash}</p>
    </div>
  );
}
