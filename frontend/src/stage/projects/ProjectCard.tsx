// One project in the grid (SPEC §2): thumbnail, title, author (or 'Unknown Author'), the analysis
// status (not while it runs) and the chapter count, and 'Read-only' for a project beyond the plan's
// limit. The whole card opens the workspace.
import { Link as RouterLink } from 'react-router-dom';
import { Box, Card, CardActionArea, Chip, Skeleton, Typography, type ChipProps } from '@mui/material';
import LockOutlined from '@mui/icons-material/LockOutlined';
import type { AnalysisStatus, ProjectListItem } from '@castbook/contracts';
import { useAuthedImage } from '../../api/authed-image';
import { authorName } from '../../api/authors-api';
import { projectThumbnailPath } from '../../api/projects-api';
import { chapterLabel } from './project-limit';
import { readOnlyOf } from './read-only';

const STATUS: Record<Exclude<AnalysisStatus, 'in_progress'>, { label: string; color: ChipProps['color'] }> = {
  pending: { label: 'Not analyzed', color: 'default' },
  completed: { label: 'Analyzed', color: 'success' },
  failed: { label: 'Analysis failed', color: 'error' },
};

export function StatusBadge({ status }: { status: AnalysisStatus }) {
  if (status === 'in_progress') return null;
  const { label, color } = STATUS[status] ?? STATUS.pending;
  return <Chip size="small" variant="outlined" label={label} color={color} />;
}

export function ProjectCard({ project }: { project: ProjectListItem }) {
  const thumbnail = useAuthedImage(project.thumbnail ?? projectThumbnailPath(project.id));
  const author = project.author ? authorName(project.author) : 'Unknown Author';
  const locked = readOnlyOf(project);
  return (
    <Card
      sx={{
        height: '100%',
        transition: 'border-color 120ms, box-shadow 120ms, transform 120ms',
        '&:hover': { borderColor: 'primary.main', boxShadow: '0 8px 24px rgba(79,70,229,0.12)' },
      }}
    >
      <CardActionArea
        component={RouterLink}
        to={`/stage/projects/${project.id}`}
        aria-label={`${project.title} by ${author}${locked.readOnly ? ' (read-only)' : ''}`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box sx={{ aspectRatio: '3 / 4', bgcolor: 'action.hover', overflow: 'hidden', position: 'relative' }}>
          {thumbnail ? (
            <Box
              component="img"
              src={thumbnail}
              alt=""
              sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          ) : (
            <Skeleton variant="rectangular" sx={{ width: '100%', height: '100%' }} animation="wave" />
          )}
          {locked.readOnly && (
            <Chip
              size="small"
              icon={<LockOutlined />}
              label="Read-only"
              title={locked.reason}
              // Dark glass over any cover, in either theme: white text keeps AA contrast where the
              // theme's filled warning (white on amber) does not.
              sx={{
                position: 'absolute',
                top: 8,
                left: 8,
                boxShadow: 2,
                bgcolor: 'rgba(17, 24, 39, 0.88)',
                color: '#fff',
                fontWeight: 600,
                '& .MuiChip-icon': { color: '#fbbf24' },
              }}
            />
          )}
        </Box>
        <Box sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1 }}>
          <Typography
            component="h2"
            fontWeight={650}
            sx={{
              fontSize: { xs: '0.95rem', sm: '1.02rem' },
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
              overflowWrap: 'anywhere',
            }}
          >
            {project.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {author}
          </Typography>
          <Box
            sx={{
              mt: 'auto',
              pt: 1,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              flexWrap: 'wrap',
              justifyContent: 'space-between',
            }}
          >
            <Typography variant="body2" color="text.secondary">
              {chapterLabel(project.chapterCount)}
            </Typography>
            <StatusBadge status={project.analysisStatus} />
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
}
