// CLI pending merge
