import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Chip, Container, Divider, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { toast } from '../../ui/toast';
import { usePageTitle } from '../../ui/usePageTitle';
import { formatDate } from './BlogListPage';
import { Markdown } from './Markdown';
import { findPost, type BlogPost } from './posts';

async function share(post: BlogPost) {
  const url = window.location.href;
  if (navigator.share) {
    try {
      await navigator.share({ title: post.title, text: post.excerpt, url });
    } catch {
      // the reader closed the share sheet
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: 'The article link is on your clipboard.' });
  } catch {
    toast({ title: 'Share', description: url });
  }
}

export function BlogPostPage() {
  const { id } = useParams();
  const post = findPost(id);
  usePageTitle(post ? `${post.title} - QR Code Sharks Blog` : 'Post Not Found - QR Code Sharks');

  if (!post) {
    return (
      <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
        <Typography variant="h3" component="h1" gutterBottom>
          Post Not Found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          The blog post you're looking for doesn't exist.
        </Typography>
        <Button component={RouterLink} to="/blog" variant="contained" startIcon={<ArrowBackIcon />}>
          Back to Blog
        </Button>
      </Container>
    );
  }

  return (
    <Container component="article" maxWidth="md" sx={{ py: 6 }}>
      <Button component={RouterLink} to="/blog" startIcon={<ArrowBackIcon />} sx={{ mb: 3 }}>
        Back to Blog
      </Button>
      <Chip color="secondary" label={post.category} sx={{ mb: 2 }} />
      <Typography variant="h3" component="h1" sx={{ fontSize: { xs: '2rem', md: '2.8rem' } }}>
        {post.title}
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400 }}>
        {post.excerpt}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mt: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Typography color="text.secondary">
          By {post.author} · <time dateTime={post.publishedAt}>{formatDate(post.publishedAt)}</time> · {post.readTime}
        </Typography>
        <Button variant="outlined" startIcon={<ShareIcon />} onClick={() => void share(post)}>
          Share
        </Button>
      </Stack>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {post.tags.map((tag) => (
          <Chip key={tag} size="small" variant="outlined" label={tag} />
        ))}
      </Stack>
      <Divider sx={{ my: 4 }} />
      <Markdown source={post.content} />
      <Divider sx={{ my: 4 }} />
      <Box sx={{ textAlign: 'center' }}>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          Create a QR code
        </Button>
      </Box>
    </Container>
  );
}
