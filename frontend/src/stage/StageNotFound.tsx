import { NotFound } from '../components/NotFound';

export default function StageNotFound() {
  return <NotFound homePath="/stage" homeLabel="Back to dashboard" />;
}
