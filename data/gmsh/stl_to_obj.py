# Converts an ASCII STL (as gmsh writes it) to a Wavefront OBJ, merging vertices whose
# coordinates are written identically. Usage: stl_to_obj.py IN.stl OUT.obj COMMENT
import sys
index, verts, faces, cur = {}, [], [], []
for line in open(sys.argv[1]):
    w = line.split()
    if w and w[0] == 'vertex':
        key = tuple(w[1:4])
        if key not in index:
            index[key] = len(verts) + 1
            verts.append(key)
        cur.append(index[key])
    elif w and w[0] == 'endfacet':
        faces.append(cur); cur = []
with open(sys.argv[2], 'w') as f:
    f.write('# %s\n' % sys.argv[3])
    for v in verts: f.write('v %s %s %s\n' % v)
    for t in faces: f.write('f %d %d %d\n' % tuple(t))
print(len(verts), len(faces))
