// /stage/authors/new: the New Author form as a page of its own (PRODUCT.md).
import { useNavigate } from 'react-router-dom';
import { FormCard } from '../FormCard';
import { PageHeader } from '../PageHeader';
import { AuthorForm } from './AuthorForm';

export default function NewAuthorPage() {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title="New author" description="Projects are organised by author." />
      <FormCard>
        <AuthorForm
          autoFocus
          onCancel={() => void navigate('/stage/authors')}
          onDone={(author) => void navigate(`/stage/authors/${author.id}`)}
        />
      </FormCard>
    </>
  );
}
