// /stage/projects/new: the create form as a page of its own (PRODUCT.md), or the limit panel.
import { useNavigate } from 'react-router-dom';
import { Card, CardContent } from '@mui/material';
import { PageHeader } from '../PageHeader';
import { CreationBody, creationTitle } from './NewProjectDialog';
import { useProjectCreation } from './use-project-creation';

export default function NewProjectPage() {
  const navigate = useNavigate();
  const state = useProjectCreation();
  return (
    <>
      <PageHeader
        title={creationTitle(state)}
        description="Upload or paste a book or script; Castbook finds its chapters, characters and who speaks every line."
      />
      <Card sx={{ maxWidth: 820 }}>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <CreationBody state={state} onCancel={() => void navigate('/stage/projects')} />
        </CardContent>
      </Card>
    </>
  );
}
